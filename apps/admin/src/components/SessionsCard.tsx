import { useState } from 'react';
import { App, Button, Card, Popconfirm, Segmented, Table, Tag } from 'antd';
import type { ButtonProps } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { time } from '../format.ts';
import { isAdmin } from '../roles.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Item = Result<'operatorSessions'>['list'][number];

/** A browser's name and system from its user agent, short enough for a table cell. */
function device(agent: string | null): string {
  if (!agent) return '—';
  const browser =
    /(Edg|OPR|Chrome|Firefox|Version)\/([\d]+)/.exec(agent)?.slice(1, 3).join(' ') ?? '';
  const system = /(Windows|Mac OS X|Android|iPhone|iPad|Linux)/.exec(agent)?.[1] ?? '';
  const short = [browser.replace('Version', 'Safari').replace('Edg', 'Edge'), system]
    .filter(Boolean)
    .join(' · ');
  return short || agent.slice(0, 40);
}

/** Live operator sessions: one's own, and for an admin everyone's; each can be ended. */
export function SessionsCard() {
  const session = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [scope, setScope] = useState<'mine' | 'all'>('mine');
  const list = useQuery({
    queryKey: adminKeys.sessionsOf(scope),
    queryFn: () => call.operatorSessions({ scope }),
  });
  const revoke = useMutation({
    mutationFn: (id: number) => call.operatorSessionRevoke({ id }),
    onSuccess: () => {
      void message.success(S.common.done);
      void queryClient.invalidateQueries({ queryKey: adminKeys.sessions });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Card
      title={S.sessions.title}
      extra={
        isAdmin(session?.role) && (
          <Segmented
            value={scope}
            onChange={(v) => setScope(v as 'mine' | 'all')}
            options={[
              { label: S.sessions.mine, value: 'mine' },
              { label: S.sessions.everyone, value: 'all' },
            ]}
            data-testid="sessions-scope"
          />
        )
      }
    >
      <Table<Item>
        rowKey="id"
        size="small"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="sessions-table"
        columns={[
          ...(scope === 'all' ? [{ title: S.sessions.operator, dataIndex: 'email' }] : []),
          {
            title: S.sessions.device,
            key: 'agent',
            render: (_, s) => (
              <span title={s.agent ?? ''}>
                {device(s.agent)} {s.current && <Tag color="blue">{S.sessions.current}</Tag>}
              </span>
            ),
          },
          { title: S.sessions.ip, dataIndex: 'ip', render: (ip: string | null) => ip ?? '—' },
          { title: S.sessions.started, dataIndex: 'created_at', render: time },
          { title: S.sessions.lastSeen, dataIndex: 'last_seen_at', render: time },
          { title: S.sessions.expires, dataIndex: 'expires_at', render: time },
          {
            title: S.common.actions,
            key: 'actions',
            fixed: 'right',
            render: (_, s) =>
              s.current ? null : (
                <Popconfirm
                  title={S.sessions.revokeConfirm}
                  onConfirm={() => revoke.mutate(s.id)}
                  okButtonProps={{ 'data-testid': `confirm-revoke-${s.id}` } as ButtonProps}
                >
                  <Button size="small" danger data-testid={`revoke-${s.id}`}>
                    {S.sessions.revoke}
                  </Button>
                </Popconfirm>
              ),
          },
        ]}
      />
    </Card>
  );
}
