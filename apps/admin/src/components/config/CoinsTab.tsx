import { Button, Tag } from 'antd';
import { ConfigTab } from '../ConfigTab.tsx';
import { S } from '../../strings.ts';
import { col, sortField } from './columns.tsx';

/** A long address as its start and end; the whole one on hover. */
const short = (a: string | null) =>
  a && a.length > 24 ? `${a.slice(0, 12)}…${a.slice(-8)}` : (a ?? '');

/** Coins: networks with where deposits go, minimums and the withdrawal fee; each coin's networks in a drawer. */
export function CoinsTab({
  onNetworks,
}: {
  onNetworks: (coin: { id: number; name: string }) => void;
}) {
  return (
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
                <Tag color={n.deposit === 'none' ? 'red' : n.deposit === 'demo' ? 'gold' : 'blue'}>
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
            onClick={() => onNetworks({ id, name: String(row.name) })}
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
  );
}
