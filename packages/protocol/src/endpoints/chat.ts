import { z } from 'zod';
import {
  chatAdminReadBody,
  chatContext,
  chatContextQuery,
  chatConversation,
  chatConversationsQuery,
  chatHistory,
  chatHistoryQuery,
  chatMessage,
  chatMessagesQuery,
  chatReadBody,
  chatReadResult,
  chatReplyBody,
  chatSendBody,
  chatUnread,
} from '../chat.ts';
import { defineEndpoints } from '../endpoint.ts';
import { pageOf } from '../fields.ts';
import { uploadResult } from '../identity.ts';
import { chatRoutes, operatorChatRoutes } from '../routes/chat.ts';

export const chatEndpoints = defineEndpoints('chat', chatRoutes, {
  chatSend: {
    summary:
      'Send a text (`body`) or an image (`image`, an upload url) to support; sending the same `client_id` again returns the stored message',
    body: chatSendBody,
    response: chatMessage,
  },
  chatHistory: {
    summary:
      'Your conversation, oldest first: the latest `limit`, older ones with `before_id`, newer ones with `after_id` (after a reconnect)',
    query: chatHistoryQuery,
    response: chatHistory,
  },
  chatRead: {
    summary: 'Mark the replies up to `up_to_id` read',
    body: chatReadBody,
    response: chatReadResult,
  },
  chatUnread: {
    summary: 'Replies you have not read (the badge on the menu)',
    response: chatUnread,
  },
});

/** The operators' inbox (roles admin and support). */
export const operatorChatEndpoints = defineEndpoints('operator', operatorChatRoutes, {
  operatorChatConversations: {
    summary: 'Conversations by their latest message, newest first, with unread counts',
    query: chatConversationsQuery,
    response: pageOf(chatConversation),
  },
  operatorChatMessages: {
    summary: 'One conversation, paged like chat/history',
    query: chatMessagesQuery,
    response: chatHistory,
  },
  operatorChatContext: {
    summary:
      "Beside a conversation: the user's id, account, KYC state and latest 5 deposits and withdrawals",
    query: chatContextQuery,
    response: chatContext,
  },
  operatorChatReply: {
    summary:
      'Reply to a user (text or an image uploaded with admin/chat/upload); idempotent by client_id',
    body: chatReplyBody,
    response: chatMessage,
  },
  operatorChatRead: {
    summary: "Mark the user's messages up to `up_to_id` read",
    body: chatAdminReadBody,
    response: chatReadResult,
  },
  operatorChatUpload: {
    summary:
      'Upload an image into a conversation (multipart `file`, `?user_id=`); the user can read it, then send it with admin/chat/reply',
    query: z.object({ user_id: chatReplyBody.shape.user_id }),
    response: uploadResult,
  },
});
