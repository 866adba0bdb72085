import type { Route } from '../endpoint.ts';

/** Live chat with support: the user's side. */
export const chatRoutes = {
  chatSend: 'POST /chat/send',
  chatHistory: 'GET /chat/history',
  chatRead: 'POST /chat/read',
  chatUnread: 'GET /chat/unread',
} as const satisfies Record<string, Route>;

/** Live chat with support: the operators' inbox (admin/chat/*). */
export const operatorChatRoutes = {
  operatorChatConversations: 'GET /admin/chat/conversations',
  operatorChatMessages: 'GET /admin/chat/messages',
  operatorChatContext: 'GET /admin/chat/context',
  operatorChatReply: 'POST /admin/chat/reply',
  operatorChatRead: 'POST /admin/chat/read',
  operatorChatUpload: 'POST /admin/chat/upload',
} as const satisfies Record<string, Route>;
