import { ConfigTab } from '../ConfigTab.tsx';
import { S } from '../../strings.ts';
import { col, enabledField, sortField, yes } from './columns.tsx';

/** Spot pairs: tick, step and fees (the tick is locked while orders are open). */
export function SpotPairsTab() {
  return (
    <ConfigTab
      path="spot-pairs"
      rowId={(r) => r.symbol as string}
      note={S.config.tickLocked}
      columns={[
        col('Symbol', 'symbol'),
        col('Tick', 'tick'),
        col('Step', 'step'),
        col('Maker fee', 'maker_fee'),
        col('Taker fee', 'taker_fee'),
        col(S.common.enabled, 'enabled', yes),
        col(S.config.openOrders, 'open_orders'),
      ]}
      fields={[
        { name: 'tick', label: 'Tick (price step)', kind: 'decimal' },
        { name: 'step', label: 'Step (amount step)', kind: 'decimal' },
        { name: 'maker_fee', label: 'Maker fee rate (0.001 = 0.1%)', kind: 'decimal' },
        { name: 'taker_fee', label: 'Taker fee rate', kind: 'decimal' },
        enabledField,
        sortField,
      ]}
    />
  );
}

/** Contract pairs: lot size, multiples, spread, fee and maintenance ratio. */
export function LeverPairsTab() {
  return (
    <ConfigTab
      path="lever-pairs"
      rowId={(r) => r.symbol as string}
      columns={[
        col('Symbol', 'symbol'),
        col('Lot size', 'lot_size'),
        col('Multiples', 'multiples', (v: number[]) => v.join(', ')),
        col('Spread', 'spread'),
        col('Fee rate', 'fee_rate'),
        col('Maintenance ratio', 'maintenance_ratio'),
        col(S.common.enabled, 'enabled', yes),
      ]}
      fields={[
        { name: 'lot_size', label: 'Lot size (base units per lot)', kind: 'decimal' },
        { name: 'multiples', label: 'Multiples (comma separated)', kind: 'ints' },
        { name: 'spread', label: 'Spread (fraction of the price)', kind: 'decimal' },
        {
          name: 'fee_rate',
          label: 'Fee rate (fraction of the notional)',
          kind: 'decimal',
        },
        { name: 'maintenance_ratio', label: 'Maintenance ratio', kind: 'decimal' },
        enabledField,
        sortField,
      ]}
    />
  );
}

/** Option periods: seconds, payout rate and minimum stake. */
export function OptionPeriodsTab() {
  return (
    <ConfigTab
      path="option-periods"
      rowId={(r) => r.seconds as number}
      canCreate
      columns={[
        col('Seconds', 'seconds'),
        col('Payout rate', 'profit_rate'),
        col('Minimum (USDT)', 'min_amount'),
        col(S.common.enabled, 'enabled', yes),
      ]}
      fields={[
        { name: 'seconds', label: 'Seconds', kind: 'int', createOnly: true },
        {
          name: 'profit_rate',
          label: 'Payout rate (a win adds stake × rate)',
          kind: 'decimal',
        },
        { name: 'min_amount', label: 'Minimum stake', kind: 'decimal' },
        enabledField,
        sortField,
      ]}
    />
  );
}
