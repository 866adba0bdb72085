import { memo } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { LimitOptions, OrderTypeTabs } from './OrderTypeTabs.tsx';
import { AmountField, OrderFacts, PercentDots, PriceFields, SideTabs } from './OrderFormParts.tsx';
import { useOrderForm, type OrderContext } from './useOrderForm.ts';
import type { OrderSide } from './types.ts';

/**
 * The order form: buy or sell; limit (with time in force and post-only), market, stop-limit,
 * stop-market or OCO; the prices each needs and the amount with steps, a share of the balance,
 * what it costs and the fee, and the button. A market buy asks for the quote to spend ("Total,
 * USDT", as Binance does) and estimates what it buys. A visitor is sent to login on submit.
 * Its state and placing the order are in useOrderForm.ts.
 */
export const OrderForm = memo(function OrderForm({
  onSide,
  onPrice,
  ...context
}: OrderContext & {
  onSide: (side: OrderSide) => void;
  onPrice: (price: string) => void;
}) {
  const { t } = useTranslation();
  const form = useOrderForm(context);
  const { pair, side, loggedIn } = context;
  const { type, timeInForce, postOnly } = form.draft;
  const buying = side === 'buy';
  return (
    <section className="hx-spot-form">
      <SideTabs
        side={side}
        onSide={(s) => {
          onSide(s);
          form.clearAmounts();
        }}
      />
      <OrderTypeTabs type={type} onType={form.chooseType} />
      {type === 'stop_market' && buying && (
        <p className="hx-spot-hint" data-testid={TID.spot.typeHint}>
          {t('spot.stopMarketFreeze')}
        </p>
      )}
      <PriceFields pair={pair} form={form} price={context.price} onPrice={onPrice} />
      <AmountField pair={pair} form={form} />
      {type === 'limit' && (
        <LimitOptions
          timeInForce={timeInForce}
          onTimeInForce={form.setTimeInForce}
          postOnly={postOnly}
          onPostOnly={form.setPostOnly}
        />
      )}
      <PercentDots percent={form.figures.percent} onPick={form.pickPercent} />
      <OrderFacts pair={pair} figures={form.figures} />
      {form.error && (
        <p className="hx-spot-error" role="alert" data-testid={TID.spot.error}>
          {form.error}
        </p>
      )}
      <Button
        block
        className={buying ? 'hx-buy' : 'hx-sell'}
        loading={form.busy}
        onClick={form.submit}
        data-testid={TID.spot.submit}
      >
        {loggedIn
          ? t(buying ? 'spot.buyCoin' : 'spot.sellCoin', { coin: pair.base })
          : t('spot.loginToTrade')}
      </Button>
    </section>
  );
});
