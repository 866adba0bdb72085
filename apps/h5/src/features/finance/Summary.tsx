import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { loginPath } from '../../lib/redirect.ts';
import { TID } from '../../testids.ts';
import { useSession } from '../../api/session-store.ts';
import { reportQuery } from './queries.ts';
import './finance.css';

/** The head card of the finance tab: the user's totals in USDT, or a way to log in. */
export function Summary() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const report = useQuery({ ...reportQuery, enabled: Boolean(session), refetchOnMount: 'always' });
  if (!session)
    return (
      <section className="hx-fin-head">
        <p className="hx-fin-head-prompt">{t('finance.loginPrompt')}</p>
        <Button
          size="small"
          onClick={() => navigate(loginPath('/pages/template/index'))}
          data-testid={TID.finance.login}
        >
          {t('menu.loginRegister')}
        </Button>
      </section>
    );
  const shown = (value: string | undefined) =>
    value === undefined ? '--' : floorFormat(value, 2, locale);
  return (
    <section className="hx-fin-head">
      <div className="hx-fin-head-label">{t('finance.invested')}</div>
      <div className="hx-fin-head-total" data-testid={TID.finance.invested}>
        {shown(report.data?.invested)}
      </div>
      {report.isError && <div className="hx-form-error">{report.error.message}</div>}
      <div className="hx-fin-head-row">
        <div>
          <span className="hx-fin-head-label">{t('finance.earnedToday')}</span>
          <strong data-testid={TID.finance.earnedToday}>{shown(report.data?.earned_today)}</strong>
        </div>
        <div>
          <span className="hx-fin-head-label">{t('finance.earnedTotal')}</span>
          <strong data-testid={TID.finance.earnedTotal}>{shown(report.data?.earned_total)}</strong>
        </div>
      </div>
    </section>
  );
}
