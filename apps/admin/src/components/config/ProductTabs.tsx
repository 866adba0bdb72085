import { ConfigTab } from '../ConfigTab.tsx';
import { time } from '../../format.ts';
import { S } from '../../strings.ts';
import { col, enabledField, sortField, yes } from './columns.tsx';

/** Locked finance products: coin, days, limits, daily and early-redemption rates. */
export function FinanceProductsTab() {
  return (
    <ConfigTab
      path="finance-products"
      rowId={(r) => r.id as number}
      canCreate
      columns={[
        col('#', 'id'),
        col('Name', 'name'),
        col(S.common.coin, 'currency_id'),
        col('Days', 'days'),
        col('Min', 'min_amount'),
        col('Max', 'max_amount'),
        col('Daily rate', 'daily_rate'),
        col('Penalty rate', 'penalty_rate'),
        col(S.common.enabled, 'enabled', yes),
      ]}
      fields={[
        { name: 'name', label: 'Name', kind: 'text' },
        { name: 'currency_id', label: 'Coin id (3 = USDT)', kind: 'int' },
        { name: 'days', label: 'Days', kind: 'int' },
        { name: 'min_amount', label: 'Minimum', kind: 'decimal' },
        { name: 'max_amount', label: 'Maximum (empty: none)', kind: 'nullable-decimal' },
        { name: 'daily_rate', label: 'Daily rate (0.004 = 0.4%)', kind: 'decimal' },
        {
          name: 'penalty_rate',
          label: 'Early redemption rate (empty: 1.5 × daily)',
          kind: 'nullable-decimal',
        },
        enabledField,
        sortField,
      ]}
    />
  );
}

/** Flexible savings per coin: rate bands, minimum, instant redemption quota a day. */
export function SavingsProductsTab() {
  const bands = (tiers: { up_to: string | null; annual_rate: string }[]) =>
    tiers.map((t) => `${t.up_to === null ? 'rest' : `≤ ${t.up_to}`}: ${t.annual_rate}`).join('; ');
  return (
    <ConfigTab
      path="savings-products"
      rowId={(r) => r.currency_id as number}
      note={S.config.savingsNote}
      columns={[
        col(S.common.coin, 'currency_name'),
        col('Annual rate bands', 'tiers', bands),
        col('Min', 'min_amount'),
        col('Instant quota / day', 'redeem_quota', (v: string | null) => v ?? '—'),
        col(S.common.enabled, 'enabled', yes),
      ]}
      fields={[
        enabledField,
        { name: 'min_amount', label: 'Minimum subscription', kind: 'decimal' },
        {
          name: 'redeem_quota',
          label: 'Instant redemption per user a day (empty: no limit)',
          kind: 'nullable-decimal',
        },
        {
          name: 'tiers',
          label: 'Annual rate bands',
          kind: 'json',
          help: '[{"up_to": "10000", "annual_rate": "0.05"}, {"up_to": null, "annual_rate": "0.02"}]: 0.05 = 5% a year; the last band has no bound',
        },
      ]}
    />
  );
}

/** New-coin subscription projects: the token, price, supply, dates and introduction. */
export function ProjectsTab() {
  return (
    <ConfigTab
      path="subscription-projects"
      rowId={(r) => r.id as number}
      canCreate
      note={S.config.projectNew}
      columns={[
        col('#', 'id'),
        col('Token', 'name'),
        col('Issue price', 'issue_price'),
        col('Supply', 'supply'),
        col('Start', 'start_at', (v: number) => time(v)),
        col('Close', 'close_at', (v: number) => time(v)),
        col('Launch', 'launch_at', (v: number) => time(v)),
        col('Subscriptions', 'subscriptions'),
        col('Allocated', 'allocated_at', (v: number | null) => time(v)),
      ]}
      fields={[
        {
          name: 'name',
          label: 'Token (e.g. ZETA: a new coin, or an unused existing one)',
          kind: 'text',
          createOnly: true,
        },
        {
          name: 'full_name',
          label: 'Token full name (e.g. Zeta Protocol)',
          kind: 'text',
          createOnly: true,
        },
        {
          name: 'decimals',
          label: 'Token decimals (0–18; never change later)',
          kind: 'int',
          createOnly: true,
        },
        {
          name: 'issue_price',
          label: 'Issue price (USDT; fixed once anyone subscribed)',
          kind: 'decimal',
        },
        {
          name: 'pay_coins',
          label:
            'Pay coin ids, e.g. 3, 1 (3 = USDT, 1 = BTC, 2 = ETH; fixed once anyone subscribed)',
          kind: 'ints',
        },
        { name: 'supply', label: 'Supply', kind: 'decimal' },
        { name: 'min_tokens', label: 'Minimum tokens per subscription', kind: 'decimal' },
        { name: 'lock_days', label: 'Lock days', kind: 'int' },
        { name: 'start_at', label: 'Start', kind: 'time' },
        { name: 'close_at', label: 'Close (allocation)', kind: 'time' },
        { name: 'launch_at', label: 'Launch', kind: 'time' },
        { name: 'introduction', label: 'Introduction per language (JSON)', kind: 'json' },
        { name: 'website', label: 'Website', kind: 'text' },
        { name: 'recommended', label: 'Recommended', kind: 'bool' },
      ]}
    />
  );
}
