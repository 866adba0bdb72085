import { z } from 'zod';
import { KYC_STATES } from './account.ts';
import type { AdminRole } from './admin.ts';
import { decimal, epochMs, idField, optionalId, optionalText } from './fields.ts';
import { DEPOSIT_STATES } from './wallet.ts';

/**
 * Live chat (help-center/chat): one conversation per user with the support operators. Messages
 * are sent over HTTP (idempotent by `client_id`) and delivered over the socket: the user's
 * private `chat` channel and the operators' `chat.inbox` channel (after `auth_admin`).
 */

export const CHAT_TEXT_MAX = 2000;
export const CHAT_PAGE_MAX = 100;

/** Operator channels of the socket and the roles that may subscribe to them. */
export const OPERATOR_CHANNELS: Readonly<Record<string, readonly AdminRole[]>> = {
  'chat.inbox': ['admin', 'support'],
};

/** The sender's own id for a message (a uuid): sending it again returns the stored message. */
const clientIdField = z.preprocess(
  (v) => (typeof v === 'string' ? v.trim() : v),
  z.string({ error: 'VALIDATION' }).regex(/^[A-Za-z0-9_-]{8,64}$/),
);

/** A text (`body`) or an image (`image`, an upload url); one of the two is required. */
const content = {
  body: optionalText(CHAT_TEXT_MAX),
  image: optionalText(300),
  client_id: clientIdField,
};

export const chatSendBody = z.object(content);
export type ChatSendBody = z.input<typeof chatSendBody>;

export const chatReplyBody = z.object({ user_id: idField('NOT_FOUND'), ...content });
export type ChatReplyBody = z.input<typeof chatReplyBody>;

export const CHAT_SENDERS = ['user', 'operator'] as const;
export type ChatSender = (typeof CHAT_SENDERS)[number];

export const chatMessage = z.object({
  id: z.number().int(),
  sender: z.enum(CHAT_SENDERS),
  kind: z.enum(['text', 'image']),
  body: z.string().describe('the text, or the upload url of an image'),
  client_id: z.string(),
  created_at: epochMs,
  delivered_at: epochMs.nullable(),
  read_at: epochMs.nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** Newest `limit` before `before_id`, or oldest `limit` after `after_id`; always oldest first. */
export const chatHistoryQuery = z.object({
  before_id: optionalId('VALIDATION'),
  after_id: optionalId('VALIDATION'),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_MAX).default(50),
});
export const chatHistory = z.object({
  list: z.array(chatMessage),
  /** More messages exist beyond this page (older for before_id / the latest, newer for after_id). */
  more: z.boolean(),
});
export type ChatHistory = z.infer<typeof chatHistory>;

export const chatReadBody = z.object({ up_to_id: idField('VALIDATION') });
export const chatAdminReadBody = z.object({
  user_id: idField('NOT_FOUND'),
  up_to_id: idField('VALIDATION'),
});
export const chatUnread = z.object({ count: z.number().int() });
export const chatReadResult = z.object({
  count: z.number().int().describe('messages marked read'),
});

export const chatMessagesQuery = chatHistoryQuery.extend({ user_id: idField('NOT_FOUND') });

export const chatConversation = z.object({
  user_id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  last: chatMessage,
  /** The user's messages no operator has read yet. */
  unread: z.number().int(),
});
export type ChatConversation = z.infer<typeof chatConversation>;
export const chatConversationsQuery = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

/** How many of the user's latest deposits and withdrawals the inbox shows beside a chat. */
export const CHAT_CONTEXT_RECENT = 5;
export const chatContextQuery = z.object({ user_id: idField('NOT_FOUND') });
const contextMoney = {
  id: z.number().int(),
  name: z.string().describe('coin'),
  network: z.string(),
  number: decimal,
  status: z.enum(DEPOSIT_STATES),
  created_at: epochMs,
};
/** Who the operator is talking to: the account, its KYC state and its latest money requests. */
export const chatContext = z.object({
  user_id: z.number().int(),
  account: z.string(),
  nickname: z.string(),
  frozen: z.boolean(),
  kyc: z.object({ basic: z.enum(KYC_STATES), advanced: z.enum(KYC_STATES) }),
  registered_at: epochMs,
  deposits: z.array(
    z.object({
      ...contextMoney,
      credited_amount: decimal.nullable().describe('set when the operator credited another amount'),
    }),
  ),
  withdrawals: z.array(z.object(contextMoney)),
});
export type ChatContext = z.infer<typeof chatContext>;

/**
 * What the `chat` channel (user) and `chat.inbox` (operators, with `user_id`) carry: a new
 * message, or a receipt: the messages of `sender` up to `up_to_id` were delivered or read.
 */
export type ChatEvent =
  | { type: 'message'; user_id: number; message: ChatMessage }
  | {
      type: 'receipt';
      user_id: number;
      sender: ChatSender;
      state: 'delivered' | 'read';
      up_to_id: number;
      at: number;
    };
