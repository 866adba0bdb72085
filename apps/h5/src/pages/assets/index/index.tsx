import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import ReceivePaymentOutline from 'antd-mobile-icons/es/ReceivePaymentOutline';
import RightOutline from 'antd-mobile-icons/es/RightOutline';
import SendOutline from 'antd-mobile-icons/es/SendOutline';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import PayCircleOutline from 'antd-mobile-icons/es/PayCircleOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Bell } from '../../../features/notifications/Bell.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { usePricing } from '../../../features/pricing/usePricing.ts';
import { useSession } from '../../../api/session-store.ts';
import { accountLabelKey, SUB_ACCOUNT_NAMES } from '../../../features/wallet/accounts.ts';
import { CoinBalances } from '../../../features/wallet/CoinBalances.tsx';
import { DemoFunds } from '../../../features/wallet/DemoFunds.tsx';
import { sumAmounts } from '../../../features/wallet/amount.ts';
import { useWalletList } from '../../../features/wallet/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { floorFormat } from '../../../lib/number.ts';
import { loginPath } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

const QUICK = [
  { key: 'deposit', to: '/pages/deposit/index', Icon: ReceivePaymentOutline },
  { key: 'withdraw', to: '/pages/withdraw/index', Icon: SendOutline },
  { key: 'transfer', to: '/pages/transfer/index', Icon: LoopOutline },
  { key: 'convert', to: '/pages/transfer/conversion', Icon: PayCircleOutline },
  { key: 'records', to: '/pages/assets/record', Icon: BillOutline },
] as const;

/**
 * The assets tab: the total in the pricing currency, one card per sub-account and every coin
 * held (small balances hidden on request). index.html
 * draws this page's first render for a cold start here (vite.assets-first-screen.ts): a change
 * to its boxes or texts needs the same change there.
 */
export default function AssetsTabPage() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  if (!session)
    return (
      <PageFrame title={t('tabPages.assets.title')} back={false}>
        <EmptyState icon={<BillOutline />} text={t('assets.loginPrompt')}>
          <Button
            color="primary"
            onClick={() => navigate(loginPath('/pages/assets/index'))}
            data-testid={TID.assets.login}
          >
            {t('menu.loginRegister')}
          </Button>
        </EmptyState>
      </PageFrame>
    );
  return <Assets />;
}

function Assets() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const pricing = usePricing();
  const wallet = useWalletList();
  const totals = Object.fromEntries(
    SUB_ACCOUNT_NAMES.map((name) => [
      name,
      sumAmounts((wallet.data?.[name] ?? []).map((b) => b.usdt_value)),
    ]),
  );
  const total = sumAmounts(Object.values(totals));
  const shown = (usdt: string) => (wallet.data ? pricing.format(usdt) : '--');

  return (
    <PageFrame title={t('tabPages.assets.title')} back={false} right={<Bell />}>
      <Refreshable onRefresh={() => wallet.refetch()}>
        <section className="hx-assets-head">
          <div className="hx-assets-label">{t('assets.total', { currency: pricing.currency })}</div>
          <div className="hx-assets-total" data-testid={TID.assets.total}>
            {shown(total)}
          </div>
          {pricing.currency !== 'USD' && wallet.data && (
            <div className="hx-assets-sub">≈ {floorFormat(total, 2, locale)} USDT</div>
          )}
          {wallet.isError && <div className="hx-form-error">{wallet.error.message}</div>}
          <div className="hx-assets-quick">
            {QUICK.map(({ key, to, Icon }) => (
              <button
                key={key}
                type="button"
                className="hx-assets-quick-button"
                onClick={() => navigate(to)}
                data-testid={TID.assets.quick(key)}
              >
                <Icon className="hx-assets-quick-icon" />
                <span>{t(`assets.quick.${key}`)}</span>
              </button>
            ))}
          </div>
        </section>
        <ul className="hx-assets-cards">
          {SUB_ACCOUNT_NAMES.map((name) => (
            <li key={name}>
              <button
                type="button"
                className="hx-assets-card"
                onClick={() => navigate(`/pages/assets/tradeAccount?account=${name}`)}
                data-testid={TID.assets.card(name)}
              >
                <span className="hx-assets-card-name">{t(accountLabelKey(name))}</span>
                <span className="hx-assets-card-total" data-testid={TID.assets.cardTotal(name)}>
                  {shown(totals[name] ?? '0')}
                </span>
                <RightOutline className="hx-assets-card-arrow" />
              </button>
            </li>
          ))}
        </ul>
        <p className="hx-assets-note">{t('assets.valueNote')}</p>
        <p className="hx-assets-note">
          <button
            type="button"
            className="hx-link-button"
            onClick={() => navigate('/pages/assets/proof')}
            data-testid={TID.assets.proof}
          >
            {t('proof.entry')}
          </button>
        </p>
        {/* Last: demo mode is known only from the settings, and index.html draws what is above
            it before they arrive (vite.assets-first-screen.ts), so nothing moves when it shows. */}
        <DemoFunds />
        {/* The coins come with the balances, under everything index.html draws first. */}
        {wallet.data && <CoinBalances wallet={wallet.data} pricing={pricing} />}
      </Refreshable>
    </PageFrame>
  );
}
