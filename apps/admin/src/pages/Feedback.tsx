import { useState } from 'react';
import { App, Button, Card, Input, List, Segmented, Space, Tag, Typography } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, type Input as Sent, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { AuthImage } from '../components/AuthImage.tsx';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Feedback = Result<'operatorFeedback'>['list'][number];
type Status = NonNullable<Sent<'operatorFeedback'>['status']>;

/** Users' feedback: open first; a reply reaches the user's feedback page. */
export default function FeedbackPage() {
  const [status, setStatus] = useState<Status>('open');
  const [page, setPage] = useState(1);
  const query = useQuery({
    queryKey: adminKeys.feedbackPage(status, page),
    queryFn: () => call.operatorFeedback({ status, page, limit: 10 }),
  });
  return (
    <Card
      title={
        <Segmented
          options={['open', 'replied', 'closed', 'all']}
          value={status}
          onChange={(v) => {
            setStatus(v as Status);
            setPage(1);
          }}
        />
      }
    >
      <List
        loading={query.isLoading}
        dataSource={query.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 10,
          total: query.data?.total ?? 0,
          onChange: setPage,
        }}
        renderItem={(f) => <FeedbackItem item={f} />}
      />
    </Card>
  );
}

function FeedbackItem({ item }: { item: Feedback }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const reply = useMutation({
    mutationFn: (close: boolean) =>
      call.operatorFeedbackReply({ id: item.id, body: text.trim(), close }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: adminKeys.feedback });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <List.Item style={{ display: 'block' }}>
      <Space style={{ marginBottom: 8 }}>
        <b>#{item.id}</b>
        <span>{item.account}</span>
        <Tag>{item.status}</Tag>
        <Typography.Text type="secondary">{time(item.created_at)}</Typography.Text>
      </Space>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{item.body}</Typography.Paragraph>
      <div>
        {item.images.map((_, n) => (
          <AuthImage
            key={n}
            src={`/api/admin/feedback/${item.id}/images/${n}`}
            label=""
            size={100}
          />
        ))}
      </div>
      {item.replies.map((r) => (
        <div
          key={r.id}
          style={{ borderLeft: '3px solid #1668dc', paddingLeft: 8, margin: '6px 0' }}
        >
          {r.body} <Typography.Text type="secondary">{time(r.created_at)}</Typography.Text>
        </div>
      ))}
      {item.status !== 'closed' && (
        <Space.Compact style={{ width: '100%', marginTop: 8 }}>
          <Input
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={S.feedback.reply}
          />
          <Button
            type="primary"
            disabled={!text.trim()}
            loading={reply.isPending}
            onClick={() => reply.mutate(false)}
          >
            {S.feedback.reply}
          </Button>
          <Button disabled={!text.trim()} onClick={() => reply.mutate(true)}>
            {S.feedback.close}
          </Button>
        </Space.Compact>
      )}
    </List.Item>
  );
}
