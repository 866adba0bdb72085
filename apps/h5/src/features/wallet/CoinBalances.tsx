import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { storage } from '../../lib/storage.ts';
import { TID } from '../../testids.ts';
import type { Pricing } from '../pricing/usePricing.ts';
import { coinBalances, isSmall } from './coinBalances.ts';
import { useDecimalsOf } from './queries.ts';
import type { WalletList } from './types.ts';

const HIDE_SMALL_KEY = 'hx.assets.hideSmall';

/**
 * Every coin the user holds, across their accounts: amount and value. Small balances (under
 * 1 USDT) are hidden until the user shows them, as exchanges do; the choice is remembered.
 */
export function CoinBalances({ wallet, pricing }: { wallet: WalletList; pricing: Pricing }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const decimalsOf = useDecimalsOf();
  const [hideSmall, setHideSmall] = useState(() => storage.get(HIDE_SMALL_KEY) !== '0');
  const coins = coinBalances(wallet);
  const shown = hideSmall ? coins.filter((c) => !isSmall(c)) : coins;
  const hidden = coins.length - shown.length;

  return (
    <section className="hx-assets-coins" data-testid={TID.assets.coinList}>
      <div className="hx-assets-coins-head">
        <h2 className="hx-assets-coins-title">{t('assets.coins')}</h2>
        <label className="hx-assets-hide-small">
          <input
            type="checkbox"
            checked={hideSmall}
            onChange={(event) => {
              setHideSmall(event.target.checked);
              storage.set(HIDE_SMALL_KEY, event.target.checked ? '1' : '0');
            }}
            data-testid={TID.assets.hideSmall}
          />
          {t('assets.hideSmall')}
        </label>
      </div>
      <ul className="hx-assets-coin-rows">
        {shown.map((coin) => (
          <li
            key={coin.currencyId}
            className="hx-assets-coin"
            data-testid={TID.assets.coinRow(coin.name)}
          >
            <span className="hx-assets-coin-name">{coin.name}</span>
            <span className="hx-assets-coin-amounts">
              <span data-testid={TID.assets.coinTotal(coin.name)}>
                {floorFormat(coin.amount, decimalsOf(coin.currencyId), locale)}
              </span>
              <small>≈ {pricing.format(coin.usdtValue)}</small>
            </span>
          </li>
        ))}
      </ul>
      {hidden > 0 && (
        <p className="hx-assets-note" data-testid={TID.assets.hiddenCount}>
          {t('assets.hiddenCount', { count: hidden })}
        </p>
      )}
    </section>
  );
}
