import { useEffect, useRef, useState } from 'react';
import { App, Badge, Button, Card, Col, Empty, Input, List, Row, Tag, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call, callUpload, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { useInbox } from '../api/inbox.ts';
import { AuthImage } from '../components/AuthImage.tsx';
import { ChatContextPanel } from '../components/ChatContextPanel.tsx';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

const imagePath = (url: string) => `/api/admin/chat/image/${url.split('/').pop() ?? ''}`;

/**
 * Conversations by latest message; replies go out live over the user's socket. Beside the open
 * conversation, who the user is and their latest money requests.
 */
export default function ChatPage() {
  const queryClient = useQueryClient();
  const [userId, setUserId] = useState<number | null>(null);
  const live = useInbox((event) => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.chatConversations });
    void queryClient.invalidateQueries({ queryKey: adminKeys.chatMessages(event.user_id) });
  });
  const conversations = useQuery({
    queryKey: adminKeys.chatConversations,
    queryFn: () => call.operatorChatConversations({ limit: 50 }),
    refetchInterval: live ? false : 10_000,
  });
  return (
    <Row gutter={16}>
      <Col span={userId ? 6 : 8}>
        <Card
          title={S.nav.chat}
          extra={live ? <Tag color="green">{S.chat.live}</Tag> : <Tag>{S.chat.offline}</Tag>}
          styles={{ body: { padding: 0, maxHeight: 'calc(100vh - 200px)', overflow: 'auto' } }}
        >
          <List
            dataSource={conversations.data?.list ?? []}
            renderItem={(c) => (
              <List.Item
                onClick={() => setUserId(c.user_id)}
                style={{
                  cursor: 'pointer',
                  padding: '12px 16px',
                  background: c.user_id === userId ? '#e6f4ff' : undefined,
                }}
              >
                <List.Item.Meta
                  title={
                    <span>
                      {c.nickname} <Typography.Text type="secondary">{c.account}</Typography.Text>
                    </span>
                  }
                  description={
                    <Typography.Text type="secondary" ellipsis style={{ maxWidth: '100%' }}>
                      {c.last.kind === 'image' ? '[image]' : c.last.body}
                    </Typography.Text>
                  }
                />
                <Badge count={c.unread} />
              </List.Item>
            )}
          />
        </Card>
      </Col>
      {userId ? (
        <>
          <Col span={12}>
            <Conversation userId={userId} />
          </Col>
          <Col span={6}>
            <ChatContextPanel userId={userId} />
          </Col>
        </>
      ) : (
        <Col span={16}>
          <Card>
            <Empty description={S.chat.empty} />
          </Card>
        </Col>
      )}
    </Row>
  );
}

type ChatMessage = Result<'operatorChatMessages'>['list'][number];

/** One message: the operator's on the right, the user's on the left, ticks once delivered and read. */
function Bubble({ message: m }: { message: ChatMessage }) {
  return (
    <div
      key={m.id}
      data-testid={`chat-message-${m.id}`}
      style={{
        display: 'flex',
        justifyContent: m.sender === 'operator' ? 'flex-end' : 'flex-start',
        margin: '6px 0',
      }}
    >
      <div
        style={{
          maxWidth: '70%',
          padding: '8px 12px',
          borderRadius: 8,
          background: m.sender === 'operator' ? '#1668dc' : '#fff',
          color: m.sender === 'operator' ? '#fff' : undefined,
          border: '1px solid #f0f0f0',
        }}
      >
        {m.kind === 'image' ? <AuthImage src={imagePath(m.body)} label="" size={140} /> : m.body}
        <div style={{ fontSize: 11, opacity: 0.7, marginTop: 4 }}>
          {time(m.created_at)}{' '}
          {m.sender === 'operator' && (m.read_at ? '✓✓' : m.delivered_at ? '✓' : '')}
        </div>
      </div>
    </div>
  );
}

function Conversation({ userId }: { userId: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const bottom = useRef<HTMLDivElement>(null);
  const history = useQuery({
    queryKey: adminKeys.chatMessages(userId),
    queryFn: () => call.operatorChatMessages({ user_id: userId, limit: 100 }),
  });
  const list = history.data?.list ?? [];
  const lastUser = [...list].reverse().find((m) => m.sender === 'user' && !m.read_at);
  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
    if (lastUser)
      void call
        .operatorChatRead({ user_id: userId, up_to_id: lastUser.id })
        .then(() => queryClient.invalidateQueries({ queryKey: adminKeys.chatConversations }));
  }, [list.length, lastUser, userId, queryClient]);
  const send = useMutation({
    mutationFn: (body: string) =>
      call.operatorChatReply({ user_id: userId, body, client_id: crypto.randomUUID() }),
    onSuccess: () => {
      setText('');
      void queryClient.invalidateQueries({ queryKey: adminKeys.chatMessages(userId) });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  // An image: uploaded into the conversation (the user may read it), then sent as a reply.
  const picker = useRef<HTMLInputElement>(null);
  const sendImage = useMutation({
    mutationFn: async (file: File) => {
      const { url } = await callUpload('operatorChatUpload', file, { user_id: userId });
      return call.operatorChatReply({
        user_id: userId,
        image: url,
        client_id: crypto.randomUUID(),
      });
    },
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: adminKeys.chatMessages(userId) }),
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Card title={`${S.common.user} #${userId}`}>
      <div
        style={{
          height: 'calc(100vh - 330px)',
          overflow: 'auto',
          padding: 8,
          background: '#fafafa',
        }}
      >
        {list.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        <div ref={bottom} />
      </div>
      <div style={{ display: 'flex', gap: 8, marginTop: 12 }}>
        <Input.TextArea
          value={text}
          onChange={(e) => setText(e.target.value)}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={S.chat.placeholder}
          onPressEnter={(e) => {
            if (e.shiftKey) return;
            e.preventDefault();
            if (text.trim()) send.mutate(text.trim());
          }}
          data-testid="chat-input"
        />
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = ''; // the same file can be picked again
            if (file) sendImage.mutate(file);
          }}
          data-testid="chat-image-input"
        />
        <Button
          icon={<PictureOutlined />}
          loading={sendImage.isPending}
          onClick={() => picker.current?.click()}
          title={S.chat.image}
          aria-label={S.chat.image}
          data-testid="chat-image"
        />
        <Button
          type="primary"
          loading={send.isPending}
          disabled={!text.trim()}
          onClick={() => send.mutate(text.trim())}
        >
          {S.chat.send}
        </Button>
      </div>
    </Card>
  );
}
