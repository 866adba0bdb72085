import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@hx/protocol';
import {
  addPending,
  applyReceipt,
  emptyThread,
  lastId,
  merge,
  messagesOf,
  newClientId,
  stateOf,
  unreadReplyUpTo,
} from './thread.ts';

const msg = (id: number, sender: 'user' | 'operator', extra: Partial<ChatMessage> = {}) =>
  ({
    id,
    sender,
    kind: 'text',
    body: `m${id}`,
    client_id: `c${id}`,
    created_at: id,
    delivered_at: null,
    read_at: null,
    ...extra,
  }) satisfies ChatMessage;

describe('chat thread', () => {
  it('shows a message once however often it arrives, in id order', () => {
    let t = merge(emptyThread, [msg(2, 'operator'), msg(1, 'user')]);
    t = merge(t, [msg(2, 'operator'), msg(3, 'user')]); // the socket and a refetch overlap
    expect(messagesOf(t).map((m) => m.id)).toEqual([1, 2, 3]);
    expect(lastId(t)).toBe(3);
  });

  it('replaces a pending message with the stored one', () => {
    let t = addPending(emptyThread, {
      client_id: 'c7',
      kind: 'text',
      body: 'hi',
      created_at: 1,
      failed: false,
    });
    expect(stateOf(t.pending[0]!)).toBe('sending');
    t = merge(t, [msg(7, 'user')]);
    expect(t.pending).toEqual([]);
    expect(messagesOf(t)).toHaveLength(1);
  });

  it('applies receipts to the messages of one side up to an id', () => {
    let t = merge(emptyThread, [msg(1, 'user'), msg(2, 'operator'), msg(3, 'user')]);
    t = applyReceipt(t, {
      type: 'receipt',
      user_id: 1,
      sender: 'user',
      state: 'read',
      up_to_id: 1,
      at: 50,
    });
    expect(messagesOf(t).map(stateOf)).toEqual(['read', 'sent', 'sent']);
    expect(unreadReplyUpTo(t)).toBe(2);
    t = merge(t, [msg(2, 'operator', { read_at: 60, delivered_at: 55 })]);
    expect(unreadReplyUpTo(t)).toBeNull();
  });

  it('makes distinct client ids the server accepts', () => {
    const a = newClientId();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(newClientId()).not.toBe(a);
  });
});
