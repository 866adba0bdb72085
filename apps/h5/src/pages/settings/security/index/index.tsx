import type { ReactNode } from 'react';
import type { SecurityState } from '@hx/protocol';
import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import ExclamationShieldOutline from 'antd-mobile-icons/es/ExclamationShieldOutline';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { useUser } from '../../../../features/session/queries.ts';
import { TID } from '../../../../testids.ts';
import {
  ANTI_PHISHING_PATH,
  AUTHENTICATOR_PATH,
  DEVICES_PATH,
  PASSKEYS_PATH,
  useSecurityState,
  WITHDRAW_PROTECTION_PATH,
} from '../../../../features/protection/queries.ts';
import { protectionCount } from '../../../../features/protection/summary.ts';
import { PAY_PASSWORD_PATH } from '../../../../features/wallet/prerequisites.ts';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import '../../settings.css';
import '../../../../features/protection/protection.css';

/** A protection's state beside its name: green when on, muted when off, '--' until known. */
function State({ on, children }: { on: boolean | undefined; children: ReactNode }) {
  if (on === undefined) return <span className="hx-protection-state">--</span>;
  return (
    <span className={on ? 'hx-protection-state hx-protection-state--on' : 'hx-protection-state'}>
      {children}
    </span>
  );
}

/**
 * The security centre: every protection of the account and whether it is on, each leading to
 * the page that changes it. The summary counts the optional ones that are on.
 */
export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const { data: state } = useSecurityState();
  const count = state ? protectionCount(state) : undefined;
  const fundPassword = state?.fund_password ?? user?.has_pay_password;
  const onOff = (on: boolean | undefined) => (
    <State on={on}>{t(on ? 'protection.on' : 'protection.off')}</State>
  );

  return (
    <PageFrame title={t('security.title')}>
      <ProtectionSummary count={count} />

      <List className="hx-list" header={t('protection.groupSignIn')}>
        <List.Item
          onClick={() => navigate('/pages/settings/security/changePassword')}
          extra={t('security.change')}
          data-testid={TID.security.changePassword}
        >
          {t('security.loginPassword')}
        </List.Item>
        <List.Item
          onClick={() => navigate(AUTHENTICATOR_PATH)}
          description={t('protection.authenticatorHint')}
          extra={onOff(state?.two_factor)}
          data-testid={TID.security.row('authenticator')}
          data-state={state && (state.two_factor ? 'on' : 'off')}
        >
          {t('protection.authenticator')}
        </List.Item>
        <List.Item
          onClick={() => navigate(PASSKEYS_PATH)}
          description={t('protection.passkeysHint')}
          extra={
            <State on={state && state.passkeys > 0}>
              {state?.passkeys
                ? t('protection.passkeyCount', { count: state.passkeys })
                : t('protection.notSet')}
            </State>
          }
          data-testid={TID.security.row('passkeys')}
          data-state={state && (state.passkeys > 0 ? 'on' : 'off')}
        >
          {t('protection.passkeys')}
        </List.Item>
        <List.Item
          onClick={() => navigate(DEVICES_PATH)}
          description={t('protection.devicesHint')}
          data-testid={TID.security.row('devices')}
        >
          {t('protection.devices')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/settings/security/apiKeys')}
          description={t('apiKeys.hint')}
          data-testid={TID.security.row('apiKeys')}
        >
          {t('apiKeys.title')}
        </List.Item>
      </List>

      <FundsProtection state={state} fundPassword={fundPassword} />
    </PageFrame>
  );
}

/** How many of the optional protections are on, as a meter; a full shield when all are. */
function ProtectionSummary({ count }: { count: { on: number; total: number } | undefined }) {
  const { t } = useTranslation();
  return (
    <section
      className={
        count && count.on === count.total
          ? 'hx-protection-summary hx-protection-summary--full'
          : 'hx-protection-summary'
      }
      data-testid={TID.security.summary}
      aria-busy={!count}
    >
      {count && count.on === count.total ? (
        <CheckShieldOutline className="hx-protection-summary-icon" />
      ) : (
        <ExclamationShieldOutline className="hx-protection-summary-icon" />
      )}
      <div>
        <div className="hx-protection-summary-title">
          {count ? t('protection.summary', count) : t('common.loading')}
        </div>
        <div className="hx-protection-meter" aria-hidden="true">
          <span style={{ width: `${count ? (100 * count.on) / count.total : 0}%` }} />
        </div>
        <div className="hx-protection-summary-hint">{t('protection.summaryHint')}</div>
      </div>
    </section>
  );
}

/** What protects the money: fund password, withdrawal protection, anti-phishing, bank cards. */
function FundsProtection({
  state,
  fundPassword,
}: {
  state: SecurityState | undefined;
  fundPassword: boolean | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const pausedUntil = state?.withdraw_locked_until;
  return (
    <List className="hx-list" header={t('protection.groupFunds')}>
      <List.Item
        onClick={() => navigate(PAY_PASSWORD_PATH)}
        description={t('security.fundPasswordHint')}
        extra={
          <State on={fundPassword}>
            {fundPassword ? t('protection.set') : t('protection.notSet')}
          </State>
        }
        data-testid={TID.security.fundPassword}
        data-state={fundPassword === undefined ? undefined : fundPassword ? 'on' : 'off'}
      >
        {t('security.fundPassword')}
      </List.Item>
      <List.Item
        onClick={() => navigate(WITHDRAW_PROTECTION_PATH)}
        description={
          pausedUntil ? (
            <span className="hx-protection-state--warn">
              {t('protection.lockedUntil', { time: formatTime(pausedUntil, locale) })}
            </span>
          ) : (
            t('protection.withdrawProtectionHint')
          )
        }
        extra={
          <State on={state?.whitelist.on}>
            {t(state?.whitelist.on ? 'protection.whitelistOn' : 'protection.off')}
          </State>
        }
        data-testid={TID.security.row('withdrawProtection')}
        data-state={state && (state.whitelist.on ? 'on' : 'off')}
      >
        {t('protection.withdrawProtection')}
      </List.Item>
      <List.Item
        onClick={() => navigate(ANTI_PHISHING_PATH)}
        description={t('protection.antiPhishingHint')}
        extra={
          <State on={state && state.anti_phishing !== null}>
            {state?.anti_phishing ? t('protection.set') : t('protection.notSet')}
          </State>
        }
        data-testid={TID.security.row('antiPhishing')}
        data-state={state && (state.anti_phishing ? 'on' : 'off')}
      >
        {t('protection.antiPhishing')}
      </List.Item>
      <List.Item
        onClick={() => navigate('/pages/bankbind/index')}
        description={t('bank.hint')}
        data-testid={TID.security.bankCards}
      >
        {t('bank.title')}
      </List.Item>
    </List>
  );
}
