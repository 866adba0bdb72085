import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import ClockCircleOutline from 'antd-mobile-icons/es/ClockCircleOutline';
import CheckCircleOutline from 'antd-mobile-icons/es/CheckCircleOutline';
import { refresh } from '../../../../cache/refresh.ts';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { ProtectionSheet, type Secrets } from '../../../../features/protection/ProtectionSheet.tsx';
import {
  securityQuery,
  switchWhitelist,
  useSecurityState,
} from '../../../../features/protection/queries.ts';
import { useSession } from '../../../../api/session-store.ts';
import { PAY_PASSWORD_PATH } from '../../../../features/wallet/prerequisites.ts';
import { Prerequisite } from '../../../../features/wallet/Prerequisite.tsx';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import { TID } from '../../../../testids.ts';
import '../../../../features/wallet/styles.ts';
import '../../../../features/protection/protection.css';

/** The switch the sheet confirms; kept while it closes so its title does not change. */
type Asking = { open: boolean; to: 'on' | 'off' };

/**
 * Withdrawal protection: the 24 h pause after a security change (shown with the time it ends)
 * and the address whitelist, switched with the fund password (and the authenticator code).
 */
export default function WithdrawProtectionPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const token = useSession()?.token;
  const { data: state } = useSecurityState();
  const [asking, setAsking] = useState<Asking>({ open: false, to: 'on' });
  const time = (ms: number) => formatTime(ms, locale);

  // The server answers null once the pause is over.
  const lockedUntil = state?.withdraw_locked_until ?? null;
  const whitelist = state?.whitelist;

  const change = async (secrets: Secrets) => {
    const on = asking.to === 'on';
    const next = await switchWhitelist({ on: on ? 1 : 0, ...secrets });
    queryClient.setQueryData(securityQuery(token).queryKey, next);
    await refresh(queryClient, 'addresses');
    Toast.show({
      icon: 'success',
      content: t(on ? 'protection.whitelistTurnedOn' : 'protection.whitelistTurningOff'),
    });
  };

  return (
    <PageFrame title={t('protection.withdrawProtection')}>
      {state && !state.fund_password && (
        <div className="hx-form">
          <Prerequisite
            message={t('protection.needsFundPassword')}
            action={t('money.fix.payPassword')}
            to={PAY_PASSWORD_PATH}
            testId={TID.prerequisite('payPassword')}
          />
        </div>
      )}
      <section className="hx-protection-card" data-testid={TID.protection.lock}>
        <h2>{t('protection.lockTitle')}</h2>
        {lockedUntil ? (
          <div className="hx-protection-status hx-protection-status--warn" role="status">
            <ClockCircleOutline />
            {t('protection.lockedUntil', { time: time(lockedUntil) })}
          </div>
        ) : (
          <div className="hx-protection-status hx-protection-status--ok">
            <CheckCircleOutline />
            {state ? t('protection.lockOpen') : t('common.loading')}
          </div>
        )}
        <p>{t('protection.lockHint')}</p>
      </section>

      <section className="hx-protection-card" data-testid={TID.protection.whitelist}>
        <h2>{t('protection.whitelistTitle')}</h2>
        <div
          className={
            whitelist?.on ? 'hx-protection-status hx-protection-status--ok' : 'hx-protection-status'
          }
          data-testid={TID.protection.whitelistState}
          data-state={whitelist ? (whitelist.on ? 'on' : 'off') : undefined}
        >
          {!whitelist
            ? t('common.loading')
            : whitelist.off_at
              ? t('protection.whitelistOffAt', { time: time(whitelist.off_at) })
              : t(whitelist.on ? 'protection.whitelistOn' : 'protection.whitelistOff')}
        </div>
        <p>{t('protection.whitelistHint')}</p>
        <div className="hx-protection-actions">
          <Button fill="outline" onClick={() => navigate('/pages/user/address/index')}>
            {t('protection.addresses')}
          </Button>
          {whitelist && (
            <Button
              color="primary"
              fill={whitelist.on && !whitelist.off_at ? 'outline' : 'solid'}
              disabled={!state?.fund_password}
              onClick={() =>
                setAsking({ open: true, to: whitelist.on && !whitelist.off_at ? 'off' : 'on' })
              }
              data-testid={TID.protection.whitelistToggle}
            >
              {whitelist.off_at
                ? t('protection.whitelistKeepOn')
                : t(whitelist.on ? 'protection.whitelistTurnOff' : 'protection.whitelistTurnOn')}
            </Button>
          )}
        </div>
      </section>

      <ProtectionSheet
        open={asking.open}
        title={t(
          asking.to === 'off' ? 'protection.whitelistConfirmOff' : 'protection.whitelistConfirmOn',
        )}
        note={asking.to === 'off' ? t('protection.whitelistOffNote') : undefined}
        twoFactor={state?.two_factor ?? false}
        onConfirm={change}
        onClose={() => setAsking({ ...asking, open: false })}
      />
    </PageFrame>
  );
}
