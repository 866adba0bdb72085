import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { unitsToAmount } from '@hx/por';
import { isApiError } from '../../../api/errors.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FailedState } from '../../../components/FailedState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { porLatestQuery, shortHash } from '../../../features/proof/queries.ts';
import { VerifyBalance } from '../../../features/proof/VerifyBalance.tsx';
import { Limits, Reserves } from '../../../features/proof/Explain.tsx';
import { useSession } from '../../../api/session-store.ts';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { floorFormat } from '../../../lib/number.ts';
import { loginPath } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../../../features/proof/proof.css';

/**
 * Proof of liabilities: the newest published roots, one per coin, and "verify my balance", which
 * recomputes the user's path to the root in the browser.
 */
export default function ProofPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const session = useSession();
  const latest = useQuery(porLatestQuery);
  const snap = latest.data;
  const none = isApiError(latest.error) && latest.error.code === 'POR_NO_SNAPSHOT';

  return (
    <PageFrame title={t('proof.title')}>
      <Refreshable onRefresh={() => latest.refetch()}>
        <p className="hx-proof-intro">{t('proof.intro')}</p>
        {none && <EmptyState text={t('proof.none')} />}
        {latest.isError && !none && <FailedState error={latest.error} onRetry={latest.refetch} />}
        {snap && (
          <>
            <p className="hx-proof-snapshot" data-testid={TID.proof.snapshot}>
              {t('proof.snapshot', { id: snap.id })}
              <span>{formatTime(snap.time, locale)}</span>
            </p>
            <ul className="hx-proof-roots-list">
              {snap.roots.map((root) => (
                <li
                  key={root.currency_id}
                  className="hx-proof-card"
                  data-testid={TID.proof.root(root.name)}
                >
                  <div className="hx-proof-card-head">
                    <span className="hx-proof-coin">{root.name}</span>
                    <span className="hx-proof-users">
                      {t('proof.users', { count: root.users })}
                    </span>
                  </div>
                  <div className="hx-proof-owed">
                    <span>{t('proof.owed')}</span>
                    <span className="hx-proof-sum">
                      {floorFormat(unitsToAmount(root.sum, root.decimals), root.decimals, locale)}{' '}
                      {root.name}
                    </span>
                  </div>
                  <div className="hx-proof-owed">
                    <span>{t('proof.root')}</span>
                    <code className="hx-proof-hash">{shortHash(root.hash)}</code>
                  </div>
                  {session ? (
                    <VerifyBalance snapshotId={snap.id} root={root} />
                  ) : (
                    <Button
                      size="small"
                      fill="outline"
                      onClick={() => navigate(loginPath('/pages/assets/proof'))}
                    >
                      {t('proof.loginToVerify')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
            {snap.reserves === null ? (
              <p className="hx-proof-reserves" data-testid={TID.proof.reserves}>
                {t('proof.reservesNone')}
              </p>
            ) : (
              <Reserves reserves={snap.reserves} roots={snap.roots} />
            )}
          </>
        )}
        <Limits />
      </Refreshable>
    </PageFrame>
  );
}
