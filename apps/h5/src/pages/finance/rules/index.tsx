import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { percent, plainAmount } from '../../../features/finance/format.ts';
import { financeConfigQuery } from '../../../features/finance/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import '../../../features/finance/finance.css';

/** How custody works, with the spec's worked examples computed by the server's formulas. */
export default function RulePage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const config = useQuery(financeConfigQuery);
  const n = (value: string) => floorFormat(value, 2, locale).replace(/[.,]00$/, '');
  const interest = config.data?.interest_example;
  const penalty = config.data?.penalty_example;
  return (
    <PageFrame title={t('finance.rule.title')}>
      <div className="hx-fin-rules">
        <h2>{t('finance.rule.buyTitle')}</h2>
        <p>{t('finance.rule.buyText')}</p>
        <h2>{t('finance.rule.interestTitle')}</h2>
        <p>{t('finance.rule.interestText')}</p>
        {interest && (
          <p className="hx-fin-example" data-testid={TID.finance.ruleInterest}>
            {t('finance.rule.interestExample', {
              rate: percent(interest.daily_rate, locale),
              amount: n(interest.amount),
              daily: n(interest.daily),
              days: interest.days,
              total: n(interest.total),
            })}
          </p>
        )}
        <h2>{t('finance.rule.maturityTitle')}</h2>
        <p>{t('finance.rule.maturityText')}</p>
        <h2>{t('finance.rule.penaltyTitle')}</h2>
        <p>
          {t('finance.rule.penaltyText', {
            multiple: plainAmount(config.data?.penalty_multiple ?? '1.5', locale),
          })}
        </p>
        {penalty && (
          <p className="hx-fin-example" data-testid={TID.finance.rulePenalty}>
            {t('finance.rule.penaltyExample', {
              rate: percent(penalty.penalty_rate, locale),
              days: penalty.days_left,
              amount: n(penalty.amount),
              penalty: n(penalty.penalty),
            })}
          </p>
        )}
        <p>{t('finance.rule.paidStays')}</p>
        {config.isError && <p className="hx-form-error">{config.error.message}</p>}
      </div>
    </PageFrame>
  );
}
