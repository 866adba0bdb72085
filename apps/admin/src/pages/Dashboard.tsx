import { Alert, Card, Col, Row, Statistic, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { call, type Result } from '../api/call.ts';
import { PorCard } from '../components/PorCard.tsx';
import { BooksCard } from '../components/BooksCard.tsx';
import { AlertsCard } from '../components/AlertsCard.tsx';
import { IndexCard } from '../components/IndexCard.tsx';
import { useSession } from '../api/session.ts';
import { amount, time } from '../format.ts';
import { can, isAdmin, type Screen } from '../roles.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Dashboard = Result<'operatorDashboard'>;

const QUEUES: [keyof Dashboard['queues'], Screen][] = [
  ['deposits', 'deposits'],
  ['withdrawals', 'withdrawals'],
  ['kyc', 'kyc'],
  ['subscriptions', 'subscriptions'],
  ['feedback', 'feedback'],
  ['chat', 'chat'],
];

/** The first screen: users, what waits for someone, whether the books balance, money today. */
export default function DashboardPage() {
  const session = useSession();
  const { data, isLoading } = useQuery({
    queryKey: adminKeys.dashboard,
    queryFn: () => call.operatorDashboard(),
    refetchInterval: 15_000,
  });
  if (isLoading || !data) return <Card loading />;
  const moneyColumns = [
    { title: S.common.coin, dataIndex: 'name' },
    { title: S.dashboard.count, dataIndex: 'count' },
    { title: S.dashboard.passedAmount, dataIndex: 'amount', render: amount },
  ];
  // On a phone the cards stand one under another (two users' counts, two queues a row).
  return (
    <Row gutter={[16, 16]}>
      <Col span={24}>
        <AlertsCard />
      </Col>
      <Col xs={12} md={6}>
        <Card>
          <Statistic title={S.dashboard.usersToday} value={data.users.today} />
        </Card>
      </Col>
      <Col xs={12} md={6}>
        <Card>
          <Statistic title={S.dashboard.usersTotal} value={data.users.total} />
        </Card>
      </Col>
      <Col xs={24} md={12}>
        <LedgerCard ledger={data.ledger} />
      </Col>
      <Col span={24}>
        <QueuesCard queues={data.queues} />
      </Col>
      <Col xs={24} md={8}>
        <Card title={S.dashboard.depositsToday}>
          <Table
            scroll={{ x: true }}
            size="small"
            rowKey="currency_id"
            pagination={false}
            dataSource={data.today.deposits}
            columns={moneyColumns}
          />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card title={S.dashboard.withdrawalsToday}>
          <Table
            scroll={{ x: true }}
            size="small"
            rowKey="currency_id"
            pagination={false}
            dataSource={data.today.withdrawals}
            columns={moneyColumns}
          />
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <Card title={S.dashboard.market} data-testid="market-card">
          <Statistic
            title={`${data.market.source}: ${S.dashboard.fresh}`}
            value={data.market.fresh}
            suffix={`/ ${data.market.symbols}`}
          />
          <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
            {S.dashboard.lastTick}: {time(data.market.last_tick_at)}
          </Typography.Paragraph>
          {data.market.stale.length > 0 && (
            <Alert
              type="warning"
              title={`${S.dashboard.stale}: ${data.market.stale.join(', ')}`}
              showIcon
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={8}>
        <PorCard />
      </Col>
      {isAdmin(session?.role) && (
        <Col span={24}>
          <IndexCard />
        </Col>
      )}
      <Col span={24}>
        <ProcessesCard processes={data.processes} />
      </Col>
      <Col span={24}>
        <BooksCard processes={data.processes} />
      </Col>
    </Row>
  );
}

/** Which server processes run and what each owns (docs/operations.md, "Several processes"). */
function ProcessesCard({ processes }: { processes: Dashboard['processes'] }) {
  const columns = [
    {
      title: S.dashboard.process,
      dataIndex: 'process',
      render: (id: string, _: unknown, i: number) => (
        <>
          <Typography.Text code>{id}</Typography.Text>
          {i === 0 && <Tag style={{ marginLeft: 8 }}>{S.dashboard.thisOne}</Tag>}
        </>
      ),
    },
    {
      title: S.dashboard.host,
      render: (_: unknown, p: Dashboard['processes'][number]) => `${p.host}:${p.pid}`,
    },
    { title: S.dashboard.started, dataIndex: 'started_at', render: time },
    {
      title: S.dashboard.owns,
      dataIndex: 'owns',
      render: (owns: string[]) => {
        if (processes.length === 1 && owns.length === 0) return S.dashboard.alone;
        const count = (kind: string) => owns.filter((r) => r.startsWith(`${kind}:`)).length;
        return (
          <>
            {owns.includes('market') && <Tag color="blue">{S.dashboard.leader}</Tag>}
            <Tag>{S.dashboard.pairs(count('spot'))}</Tag>
            <Tag>{S.dashboard.symbols(count('lever'))}</Tag>
          </>
        );
      },
    },
  ];
  return (
    <Card title={`${S.dashboard.processes} (${processes.length})`} data-testid="processes-card">
      <Table
        scroll={{ x: true }}
        rowKey="process"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={processes}
      />
    </Card>
  );
}

/** Whether the books balance, per coin, and accounts that differ from their postings. */
function LedgerCard({ ledger }: { ledger: Dashboard['ledger'] }) {
  return (
    <Card data-testid="ledger-card">
      <Statistic
        title={S.dashboard.ledger}
        value={ledger.balanced ? S.dashboard.balanced : S.dashboard.unbalanced}
        styles={{ content: { color: ledger.balanced ? '#389e0d' : '#cf1322' } }}
      />
      <div style={{ marginTop: 8 }}>
        {ledger.coins.map((c) => (
          <Tag key={c.currency_id} color={c.ok ? 'green' : 'red'}>
            {c.name} {c.ok ? '✓' : amount(c.sum)}
          </Tag>
        ))}
        {ledger.mismatched > 0 && (
          <Typography.Text type="danger">
            {ledger.mismatched} {S.dashboard.mismatched}
          </Typography.Text>
        )}
      </div>
    </Card>
  );
}

/** What waits in each review queue; a queue this operator may open is a link to it. */
function QueuesCard({ queues }: { queues: Dashboard['queues'] }) {
  const session = useSession();
  const navigate = useNavigate();
  return (
    <Card title={S.dashboard.queues}>
      <Row gutter={[16, 16]}>
        {QUEUES.map(([key, screen]) => {
          const open = can(session?.role, screen);
          return (
            <Col xs={12} sm={8} md={4} key={key}>
              {/* Two a row on a phone: a label as long as "Subscriptions" keeps its margins. */}
              <Card
                size="small"
                styles={{ body: { padding: '12px 16px' } }}
                hoverable={open}
                onClick={() => open && void navigate(`/${screen}`)}
                data-testid={`queue-count-${key}`}
              >
                <Statistic
                  title={S.nav[screen]}
                  value={queues[key]}
                  styles={{ content: { color: queues[key] > 0 ? '#d46b08' : undefined } }}
                />
              </Card>
            </Col>
          );
        })}
      </Row>
    </Card>
  );
}
