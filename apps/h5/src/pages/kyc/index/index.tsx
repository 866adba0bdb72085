import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { KycState } from '@hx/protocol';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { kycQuery } from '../../../features/wallet/queries.ts';
import { StatusTag } from '../../../features/wallet/StatusTag.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { countryName } from '../../../lib/countries.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

type Level = 'basic' | 'advanced';

/** Both verification levels with their state, the reason of a rejection and what to do next. */
export default function VerificationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const kyc = useQuery({ ...kycQuery, refetchOnMount: 'always' });
  const data = kyc.data;
  return (
    <PageFrame title={t('verification.title')}>
      <Refreshable onRefresh={() => kyc.refetch()}>
        {kyc.isError && <EmptyState text={kyc.error.message} />}
        {data && (
          <div className="hx-form">
            <LevelCard
              level="basic"
              status={data.basic.status}
              reason={data.basic.reason}
              details={
                data.basic.name
                  ? [
                      data.basic.name,
                      data.basic.country && countryName(data.basic.country, locale),
                      data.basic.id_number,
                    ]
                  : []
              }
              locked={false}
            />
            <LevelCard
              level="advanced"
              status={data.advanced.status}
              reason={data.advanced.reason}
              details={[]}
              locked={data.basic.status !== 'verified'}
            />
          </div>
        )}
      </Refreshable>
    </PageFrame>
  );
}

function LevelCard({
  level,
  status,
  reason,
  details,
  locked,
}: {
  level: Level;
  status: KycState;
  reason: string | null;
  details: readonly (string | null)[];
  /** Advanced waits for basic. */
  locked: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canStart = status === 'unverified' || status === 'rejected';
  return (
    <section className="hx-kyc-card" data-testid={TID.verification.card(level)}>
      <div className="hx-record-line">
        <h2 className="hx-kyc-title">{t(`verification.${level}.title`)}</h2>
        <StatusTag status={status} testId={TID.verification.status(level)} />
      </div>
      <p className="hx-form-hint">{t(`verification.${level}.about`)}</p>
      {details.filter(Boolean).length > 0 && (
        <p className="hx-kyc-details">{details.filter(Boolean).join(' · ')}</p>
      )}
      {status === 'rejected' && reason && (
        <div className="hx-form-error" data-testid={TID.verification.reason(level)}>
          {t('money.reason', { reason })}
        </div>
      )}
      {status === 'review' && <p className="hx-form-hint">{t('verification.inReview')}</p>}
      {canStart && locked && <p className="hx-form-hint">{t('verification.basicFirst')}</p>}
      {canStart && (
        <Button
          block
          color="primary"
          disabled={locked}
          onClick={() => navigate(`/pages/verification/${level}`)}
          data-testid={TID.verification.go(level)}
        >
          {status === 'rejected' ? t('verification.again') : t('verification.start')}
        </Button>
      )}
    </section>
  );
}
