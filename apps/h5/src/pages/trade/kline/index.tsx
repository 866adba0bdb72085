import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { SymbolChart } from '../../../features/chart/SymbolChart.tsx';
import { AlertBell } from '../../../features/alerts/AlertBell.tsx';
import { DemoMarketTag } from '../../../features/market/DemoMarketTag.tsx';
import { FavouriteStar } from '../../../features/market/FavouriteStar.tsx';
import { MarketPicker } from '../../../features/market/MarketPicker.tsx';
import { useSymbolParam, useSymbolQuote } from '../../../features/market/useSymbolQuote.ts';
import { recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../trade.css';

/**
 * A spot pair's chart (`?symbol=`, BTCUSDT when none): live quote, kline periods, favourite star,
 * buy and sell. A symbol that does not exist gets the list of pairs to pick from.
 */
export default function KlinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useSymbolParam();
  const quote = useSymbolQuote(symbol);
  const name = quote.data?.name ?? symbol;
  const trade = (side: 'buy' | 'sell') =>
    navigate(`/pages/trade/index?symbol=${symbol}&side=${side}`);

  if (recordView(symbol, quote) === 'missing')
    return (
      <PageFrame title={t('market.title')}>
        <MarketPicker
          list="spot"
          onPick={(next) => void navigate(`/pages/trade/kline?symbol=${next}`, { replace: true })}
        />
      </PageFrame>
    );

  return (
    <>
      <PageFrame
        bodyClassName="hx-chart-page"
        title={
          <span className="hx-kline-title">
            {name}
            <DemoMarketTag />
          </span>
        }
        right={
          <span className="hx-header-actions">
            <AlertBell symbol={symbol} />
            <FavouriteStar symbol={symbol} />
          </span>
        }
      >
        <SymbolChart symbol={symbol} chartTestId={TID.kline.chart} priceTestId={TID.kline.price} />
      </PageFrame>
      <footer className="hx-trade-actions">
        <Button block className="hx-buy" onClick={() => trade('buy')} data-testid={TID.kline.buy}>
          {t('kline.buy')}
        </Button>
        <Button
          block
          className="hx-sell"
          onClick={() => trade('sell')}
          data-testid={TID.kline.sell}
        >
          {t('kline.sell')}
        </Button>
      </footer>
    </>
  );
}
