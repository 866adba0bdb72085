import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Drawer, Tabs, Tag } from 'antd';
import { CoinNetworks } from '../components/CoinNetworks.tsx';
import { ConfigTab } from '../components/ConfigTab.tsx';
import { FourEyesSetting } from '../components/FourEyesSetting.tsx';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';

type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Render = (v: any, row: Row) => ReactNode;
const col = (title: string, key: string, render?: Render) => ({
  title,
  dataIndex: key,
  render: render ?? ((v: unknown) => (typeof v === 'string' ? amount(v) : String(v ?? '—'))),
});
const yes = (v: boolean) =>
  v ? <Tag color="green">{S.common.yes}</Tag> : <Tag>{S.common.no}</Tag>;
/** A long address as its start and end; the whole one on hover. */
const short = (a: string | null) =>
  a && a.length > 24 ? `${a.slice(0, 12)}…${a.slice(-8)}` : (a ?? '');
const sortField = { name: 'sort', label: 'Sort', kind: 'int' as const };
const enabledField = { name: 'enabled', label: S.common.enabled, kind: 'bool' as const };

/** Coins, pairs, periods, products and projects: edited live, audited, never a price. */
export default function ConfigPage() {
  const [networksOf, setNetworksOf] = useState<{ id: number; name: string } | null>(null);
  return (
    <Card>
      <Alert type="info" showIcon title={S.config.note} style={{ marginBottom: 8 }} />
      <Tabs
        items={[
          {
            key: 'coins',
            label: S.config.coins,
            children: (
              <ConfigTab
                path="coins"
                rowId={(r) => r.id as number}
                note={S.config.depositSource}
                columns={[
                  col('#', 'id'),
                  col(S.common.coin, 'name'),
                  col('Decimals', 'decimals'),
                  col(
                    S.common.network,
                    'networks',
                    (v: { network: string; deposit: string; address: string | null }[]) =>
                      v.map((n) => (
                        <div key={n.network}>
                          <Tag>{n.network}</Tag>
                          <Tag
                            color={
                              n.deposit === 'none' ? 'red' : n.deposit === 'demo' ? 'gold' : 'blue'
                            }
                          >
                            {n.deposit}
                          </Tag>
                          <code style={{ fontSize: 11 }} title={n.address ?? ''}>
                            {short(n.address)}
                          </code>
                        </div>
                      )),
                  ),
                  col('Deposit min', 'deposit_min'),
                  col('Withdraw min', 'withdraw_min'),
                  col('Withdraw fee', 'withdraw_fee'),
                  col(S.networks.button, 'id', (id: number, row) => (
                    <Button
                      size="small"
                      onClick={() => setNetworksOf({ id, name: String(row.name) })}
                      data-testid={`coin-networks-${id}`}
                    >
                      {S.networks.button}
                    </Button>
                  )),
                ]}
                fields={[
                  { name: 'full_name', label: 'Full name', kind: 'text' },
                  {
                    name: 'networks',
                    label: 'Networks (comma separated, e.g. TRC20, ERC20, BANK)',
                    kind: 'texts',
                  },
                  { name: 'deposit_min', label: 'Deposit minimum', kind: 'decimal' },
                  { name: 'withdraw_min', label: 'Withdrawal minimum', kind: 'decimal' },
                  {
                    name: 'withdraw_fee',
                    label: 'Withdrawal fee (per withdrawal, in the coin)',
                    kind: 'decimal',
                  },
                  sortField,
                ]}
              />
            ),
          },
          {
            key: 'spot',
            label: S.config.spot,
            children: (
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
            ),
          },
          {
            key: 'lever',
            label: S.config.lever,
            children: (
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
            ),
          },
          {
            key: 'options',
            label: S.config.options,
            children: (
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
            ),
          },
          {
            key: 'finance',
            label: S.config.finance,
            children: (
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
            ),
          },
          {
            key: 'projects',
            label: S.config.projects,
            children: (
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
            ),
          },
          { key: 'four-eyes', label: S.fourEyes.tab, children: <FourEyesSetting /> },
        ]}
      />
      <Drawer
        open={networksOf !== null}
        onClose={() => setNetworksOf(null)}
        size={1100}
        title={networksOf ? S.networks.title(networksOf.name) : ''}
        destroyOnHidden
      >
        {networksOf && <CoinNetworks coinId={networksOf.id} coin={networksOf.name} />}
      </Drawer>
    </Card>
  );
}
