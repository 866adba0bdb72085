import { useState } from 'react';
import { ActionSheet, Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { usePricing } from '../../../features/pricing/usePricing.ts';
import {
  accountLabelKey,
  isSubAccount,
  type SubAccountName,
} from '../../../features/wallet/accounts.ts';
import { sumAmounts } from '../../../features/wallet/amount.ts';
import { useDecimalsOf, useWalletList } from '../../../features/wallet/queries.ts';
import type { Balance } from '../../../features/wallet/types.ts';
import { useLocale } from '../../../i18n/index.ts';
import { floorFormat } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/** One sub-account: every coin's available, frozen and value; deposit, withdraw, transfer. */
export default function TradeAccountPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const requested = params.get('account');
  const name: SubAccountName = isSubAccount(requested) ? requested : 'currency';
  const spot = name === 'currency';
  const wallet = useWalletList();
  const pricing = usePricing();
  const decimalsOf = useDecimalsOf();
  const [chosen, setChosen] = useState<Balance | null>(null);
  const coins = wallet.data?.[name] ?? [];
  const total = sumAmounts(coins.map((c) => c.usdt_value));
  const amount = (value: string, id: number) => floorFormat(value, decimalsOf(id), locale);

  const actions = (coin?: Balance) => {
    const id = coin ? `currency_id=${coin.currency_id}` : '';
    const transfer = `/pages/transfer/index?from=${name}${id ? `&${id}` : ''}`;
    return [
      ...(spot
        ? [
            { key: 'deposit', text: t('assets.quick.deposit'), to: `/pages/deposit/index?${id}` },
            {
              key: 'withdraw',
              text: t('assets.quick.withdraw'),
              to: `/pages/withdraw/index?${id}`,
            },
          ]
        : []),
      { key: 'transfer', text: t('assets.quick.transfer'), to: transfer },
    ];
  };

  return (
    <PageFrame title={t(accountLabelKey(name))} bodyClassName="hx-with-actions">
      <Refreshable onRefresh={() => wallet.refetch()}>
        <section className="hx-assets-head hx-assets-head--small">
          <div className="hx-assets-label">
            {t('assets.accountTotal', { currency: pricing.currency })}
          </div>
          <div className="hx-assets-total" data-testid={TID.assets.accountTotal}>
            {wallet.data ? pricing.format(total) : '--'}
          </div>
        </section>
        {wallet.isError && <EmptyState text={wallet.error.message} />}
        {wallet.data && coins.length === 0 && <EmptyState text={t('assets.noCoins')} />}
        <ul className="hx-coins">
          {coins.map((coin) => (
            <li key={coin.currency_id}>
              <button
                type="button"
                className="hx-coin"
                onClick={() => setChosen(coin)}
                data-testid={TID.assets.coin(coin.name)}
              >
                <span className="hx-coin-name">{coin.name}</span>
                <span className="hx-coin-cells">
                  <span className="hx-coin-cell">
                    <span className="hx-coin-label">{t('money.available')}</span>
                    <span data-testid={TID.assets.coinAvailable(coin.name)}>
                      {amount(coin.available, coin.currency_id)}
                    </span>
                  </span>
                  <span className="hx-coin-cell">
                    <span className="hx-coin-label">{t('money.frozen')}</span>
                    <span data-testid={TID.assets.coinFrozen(coin.name)}>
                      {amount(coin.frozen, coin.currency_id)}
                    </span>
                  </span>
                  <span className="hx-coin-cell hx-coin-cell--end">
                    <span className="hx-coin-label">{t('assets.value')}</span>
                    <span>{floorFormat(coin.usdt_value, 2, locale)} USDT</span>
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      </Refreshable>
      <div className="hx-action-bar">
        {actions().map((action) => (
          <Button
            key={action.key}
            color="primary"
            fill={action.key === 'transfer' ? 'outline' : 'solid'}
            onClick={() => navigate(action.to)}
            data-testid={TID.assets.action(action.key)}
          >
            {action.text}
          </Button>
        ))}
      </div>
      <ActionSheet
        visible={chosen !== null}
        onClose={() => setChosen(null)}
        extra={chosen?.name}
        cancelText={t('common.cancel')}
        actions={chosen ? actions(chosen) : []}
        onAction={(action) => {
          const to = actions(chosen ?? undefined).find((a) => a.key === action.key)?.to;
          setChosen(null);
          if (to) void navigate(to);
        }}
      />
    </PageFrame>
  );
}
