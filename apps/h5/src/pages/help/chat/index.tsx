import { useLayoutEffect, useRef } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { NavBar } from '../../../components/NavBar.tsx';
import { PageError } from '../../../components/PagePlaceholders.tsx';
import { Bubble } from '../../../features/chat/Bubble.tsx';
import { Composer } from '../../../features/chat/Composer.tsx';
import { messagesOf } from '../../../features/chat/thread.ts';
import { useChat } from '../../../features/chat/useChat.ts';
import { useSession } from '../../../api/session-store.ts';
import { TID } from '../../../testids.ts';
import '../../../features/chat/chat.css';

/** Online chat with support: history, live replies, delivery and read states. */
export default function ChatPage() {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <>
      <NavBar title={t('chat.title')} />
      {/* The route needs a session; keyed by user so another login starts a fresh thread. */}
      {session && <Conversation key={session.user.id} userId={session.user.id} />}
      {!session && <main className="hx-page-body" />}
    </>
  );
}

function Conversation({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const chat = useChat(userId);
  const messages = messagesOf(chat.thread);
  const count = messages.length + chat.thread.pending.length;
  const body = useRef<HTMLElement>(null);
  const shown = useRef(0);

  // Keep the newest message in view when one arrives (not when older ones are loaded above).
  const newest = messages.at(-1)?.id ?? 0;
  const lastPending = chat.thread.pending.at(-1)?.client_id;
  useLayoutEffect(() => {
    const el = body.current;
    if (el && count > shown.current) el.scrollTop = el.scrollHeight;
    shown.current = count;
  }, [newest, lastPending, count]);

  return (
    <>
      <main className="hx-page-body hx-chat-body" ref={body}>
        {chat.error && messages.length === 0 ? (
          <PageError onRetry={() => window.location.reload()} />
        ) : (
          <>
            {chat.thread.older && (
              <div className="hx-chat-older">
                <Button
                  size="mini"
                  fill="none"
                  data-testid={TID.chat.older}
                  onClick={() => void chat.loadOlder()}
                >
                  {t('chat.older')}
                </Button>
              </div>
            )}
            {chat.loaded && count === 0 && (
              <EmptyState icon={<MessageOutline />} text={t('chat.empty')} />
            )}
            <p className="hx-chat-hint">{t('chat.hint')}</p>
            <ul className="hx-chat-list" data-testid={TID.chat.list}>
              {messages.map((m) => (
                <Bubble key={m.id} message={m} />
              ))}
              {chat.thread.pending.map((p) => (
                <Bubble key={p.client_id} message={p} onRetry={() => void chat.retry(p)} />
              ))}
            </ul>
          </>
        )}
      </main>
      <Composer onSend={(text) => chat.send('text', text)} onImage={chat.sendImage} />
    </>
  );
}
