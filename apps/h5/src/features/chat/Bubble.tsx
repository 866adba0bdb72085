import { useTranslation } from 'react-i18next';
import type { ChatMessage } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';
import { ChatImage } from './ChatImage.tsx';
import { stateOf, type Pending } from './thread.ts';

/** One message: the user's on the right with its state, support's on the left. */
export function Bubble({
  message,
  onRetry,
}: {
  message: ChatMessage | Pending;
  onRetry?: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const mine = !('sender' in message) || message.sender === 'user';
  const key = 'id' in message ? message.id : message.client_id;
  const state = stateOf(message);
  return (
    <li
      className={mine ? 'hx-chat-row hx-chat-row--mine' : 'hx-chat-row'}
      data-testid={TID.chat.message(key)}
      data-sender={mine ? 'user' : 'operator'}
    >
      {!mine && (
        <span className="hx-chat-avatar" aria-hidden="true">
          {t('chat.supportInitial')}
        </span>
      )}
      <div className="hx-chat-stack">
        <div className={mine ? 'hx-chat-bubble hx-chat-bubble--mine' : 'hx-chat-bubble'}>
          {message.kind === 'image' ? <ChatImage url={message.body} /> : message.body}
        </div>
        <div className="hx-chat-meta">
          <span>{formatTime(message.created_at, locale, 'time')}</span>
          {mine &&
            (state === 'failed' ? (
              <button
                type="button"
                className="hx-chat-retry"
                data-testid={TID.chat.retry}
                onClick={onRetry}
              >
                {t('chat.state.failed')}
              </button>
            ) : (
              <span
                className={`hx-chat-state hx-chat-state--${state}`}
                data-testid={TID.chat.state(key)}
              >
                {t(`chat.state.${state}`)}
              </span>
            ))}
        </div>
      </div>
    </li>
  );
}
