import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refresh as refreshData } from '../../../cache/refresh.ts';
import { useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { DerivativesSwitch } from '../../../features/navigation/DerivativesSwitch.tsx';
import { priceText } from '../../../features/lever/calc.ts';
import { OpenForm } from '../../../features/lever/OpenForm.tsx';
import { PositionList } from '../../../features/lever/PositionList.tsx';
import { leverDealQuery, type LeverView } from '../../../features/lever/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../../../features/lever/lever.css';

/**
 * Perpetual contracts: open a long or short (always through the confirmation sheet), watch
 * positions with live P&L, ROE and margin ratio, close, set stops; waiting limit entries apart
 * under "Open orders".
 */
export default function LeverPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const deal = useQuery(leverDealQuery);
  const pairs = deal.data?.pairs ?? [];
  const pair = pairs.find((p) => p.symbol === params.get('symbol')) ?? pairs[0];
  // `?tab=closed` (a notification of a stop or liquidation) opens the closed positions.
  const [tab, setTab] = useState<LeverView>(() =>
    params.get('tab') === 'closed' ? 'closed' : 'holding',
  );

  // A stop, a liquidation or a filled limit entry shows at once (the shell listens to
  // `positions`, src/cache); P&L follows the 2 s refresh.
  const refresh = () => refreshData(queryClient, 'funds');

  return (
    <PageFrame title={<DerivativesSwitch current="perpetual" />} back={false}>
      <div className="hx-lever-symbols" role="group" aria-label={t('lever.symbol')}>
        {pairs.map((p) => (
          <button
            key={p.symbol}
            type="button"
            aria-pressed={p.symbol === pair?.symbol}
            onClick={() => setParams({ symbol: p.symbol }, { replace: true })}
            data-testid={TID.lever.symbol(p.symbol)}
          >
            {p.name}
          </button>
        ))}
      </div>
      {pair && (
        <div className="hx-lever-quote">
          <span>{pair.name}</span>
          <b>{priceText(pair.price, pair.price_precision, locale)}</b>
        </div>
      )}
      <OpenForm
        pair={pair}
        available={deal.data?.balance.available}
        onOpened={async (type) => {
          setTab(type === 'limit' ? 'waiting' : 'holding');
          await refresh();
        }}
      />
      {/* Below the form once the form can be drawn: drawn before, it would jump down (layout shift). */}
      {!deal.isPending && <PositionList tab={tab} onTab={setTab} pairs={pairs} refresh={refresh} />}
    </PageFrame>
  );
}
