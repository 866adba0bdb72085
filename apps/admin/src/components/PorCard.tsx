import { App, Button, Card, Statistic, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useSession } from '../api/session.ts';
import { time } from '../format.ts';
import { isAdmin } from '../roles.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

/** The newest proof-of-liabilities snapshot and, for an admin, "take one now" (audited). */
export function PorCard() {
  const { message } = App.useApp();
  const session = useSession();
  const queryClient = useQueryClient();
  const latest = useQuery({
    queryKey: adminKeys.porLatest,
    queryFn: () => call.porLatest(),
    retry: false,
  });
  const take = useMutation({
    mutationFn: () => call.operatorPorSnapshot(),
    onSuccess: ({ id }) => {
      void message.success(S.por.taken(id));
      void queryClient.invalidateQueries({ queryKey: adminKeys.porLatest });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  const snap = latest.data;
  return (
    <Card
      title={S.por.title}
      data-testid="por-card"
      extra={
        isAdmin(session?.role) && (
          <Button
            size="small"
            loading={take.isPending}
            onClick={() => take.mutate()}
            data-testid="por-take"
          >
            {S.por.take}
          </Button>
        )
      }
    >
      <Statistic title={S.por.latest} value={snap ? `#${snap.id}` : S.por.none} />
      {snap && (
        <>
          <Typography.Paragraph type="secondary" style={{ margin: '8px 0' }}>
            {time(snap.time)}
          </Typography.Paragraph>
          {snap.roots.map((r) => (
            <Tag key={r.currency_id}>
              {r.name} · {r.users}
            </Tag>
          ))}
          <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
            {snap.reserves === null ? S.por.noReserves : S.por.reserves(snap.reserves.length)}
          </Typography.Paragraph>
        </>
      )}
    </Card>
  );
}
