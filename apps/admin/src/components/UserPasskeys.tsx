import { App, Button, Popconfirm, Table, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { time } from '../format.ts';
import { isAdmin } from '../roles.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Passkey = Result<'operatorUser'>['passkeys'][number];

/**
 * A user's passkeys in their details: they log in without the password or the second factor,
 * so an operator sees them, and an admin removes one (audited; the user is told).
 */
export function UserPasskeys({ userId, passkeys }: { userId: number; passkeys: Passkey[] }) {
  const session = useSession();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const remove = useMutation({
    mutationFn: (passkey: number) => call.operatorUserPasskeyDelete({ id: userId, passkey }),
    onSuccess: () => {
      void message.success(S.common.done);
      void queryClient.invalidateQueries({ queryKey: adminKeys.user(userId) });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <>
      <Typography.Paragraph type="secondary">{S.users.passkeysHint}</Typography.Paragraph>
      <Table<Passkey>
        scroll={{ x: true }}
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={passkeys}
        locale={{ emptyText: S.users.passkeysNone }}
        data-testid="user-passkeys"
        columns={[
          { title: '#', dataIndex: 'id', width: 70 },
          { title: S.users.passkeyName, dataIndex: 'name' },
          { title: S.users.passkeyAdded, dataIndex: 'created_at', render: time },
          {
            title: S.users.passkeyUsed,
            dataIndex: 'last_used_at',
            render: (at: number | null) => (at === null ? '—' : time(at)),
          },
          ...(isAdmin(session?.role)
            ? [
                {
                  title: '',
                  key: 'remove',
                  render: (_: unknown, passkey: Passkey) => (
                    <Popconfirm
                      title={S.users.passkeyRemoveConfirm}
                      onConfirm={() => remove.mutate(passkey.id)}
                    >
                      <Button danger size="small" data-testid={`user-passkey-remove-${passkey.id}`}>
                        {S.users.passkeyRemove}
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}
