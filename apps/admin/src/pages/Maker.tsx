import { useState } from 'react';
import { Alert, App, Button, Card, Drawer, Popconfirm, Space, Table } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { amount } from '../format.ts';
import { adminKeys } from '../queryKeys.ts';
import { Fills } from '../components/maker/Fills.tsx';
import { FundForm } from '../components/maker/FundForm.tsx';
import { PairForm, type MakerPair } from '../components/maker/PairForm.tsx';
import { PairsTable } from '../components/maker/PairsTable.tsx';
import { MS } from '../components/maker/strings.ts';

type Coin = Result<'operatorMaker'>['inventory'][number];

/** The operator's market maker: inventory, each pair's state and P&L, settings, fills, kill. */
export default function MakerPage() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<MakerPair | null>(null);
  const [fillsOf, setFillsOf] = useState<string | null>(null);
  const overview = useQuery({
    queryKey: adminKeys.maker,
    queryFn: () => call.operatorMaker(),
    refetchInterval: 5000,
  });
  const kill = useMutation({
    mutationFn: () => call.operatorMakerKill(),
    onSuccess: (answer) => {
      void message.warning(MS.killed(answer.cancelled));
      void queryClient.invalidateQueries({ queryKey: adminKeys.maker });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  const data = overview.data;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card
        title={MS.title}
        extra={
          <Popconfirm title={MS.killConfirm} onConfirm={() => kill.mutate()}>
            <Button danger type="primary" loading={kill.isPending} data-testid="maker-kill">
              {MS.kill}
            </Button>
          </Popconfirm>
        }
      >
        <Alert
          type="info"
          showIcon
          title={MS.intro}
          description={MS.hedgeVenue(data?.hedge_venue ?? null)}
        />
      </Card>
      <Card title={MS.inventory}>
        <FundForm />
        <Table<Coin>
          rowKey="currency_id"
          size="small"
          pagination={false}
          dataSource={data?.inventory ?? []}
          data-testid="maker-inventory"
          columns={[
            { title: MS.coin, dataIndex: 'coin' },
            { title: MS.available, dataIndex: 'available', render: amount },
            { title: MS.frozen, dataIndex: 'frozen', render: amount },
          ]}
        />
      </Card>
      <Card title={MS.pairs}>
        <PairsTable
          pairs={data?.pairs ?? []}
          loading={overview.isLoading}
          onEdit={setEditing}
          onFills={setFillsOf}
        />
      </Card>
      <Drawer
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.symbol}
        destroyOnHidden
      >
        {editing && <PairForm pair={editing} onSaved={() => setEditing(null)} />}
      </Drawer>
      <Drawer
        open={fillsOf !== null}
        onClose={() => setFillsOf(null)}
        title={fillsOf ? `${fillsOf} · ${MS.fills}` : ''}
        size={900}
        destroyOnHidden
      >
        {fillsOf && <Fills symbol={fillsOf} />}
      </Drawer>
    </Space>
  );
}
