import { describe, expect, it } from 'vitest';
import { PRIVATE_CHANNELS, type ChatEvent, type NotificationPush } from '@hx/protocol';
import { ACCOUNT_CHANNELS, CHANNELS } from './channels.ts';

const has = (keys: readonly (readonly unknown[])[], key: readonly unknown[]) =>
  keys.some((k) => JSON.stringify(k) === JSON.stringify(key));

const push = (kind: string): NotificationPush => ({ id: 7, kind, unread: 1 }) as NotificationPush;

describe('the private channels', () => {
  it('has an entry for every private channel; the shell listens to all but chat', () => {
    expect(Object.keys(CHANNELS).sort()).toEqual([...PRIVATE_CHANNELS].sort());
    expect([...ACCOUNT_CHANNELS].sort()).toEqual(
      PRIVATE_CHANNELS.filter((ch) => ch !== 'chat').sort(),
    );
  });

  it('a fill refetches orders and balances; a gap the same', () => {
    const order = CHANNELS.orders.stale({} as never);
    expect(has(order, ['spot', 'orders'])).toBe(true);
    expect(has(order, ['wallet'])).toBe(true);
    expect(CHANNELS.orders.gap).toEqual(order);
    expect(has(CHANNELS.balances.stale({}), ['records'])).toBe(true);
    expect(has(CHANNELS.options.stale({} as never), ['options'])).toBe(true);
  });

  it('a notification refetches the centre list and what its kind changed', () => {
    const deposit = CHANNELS.notifications.stale(push('deposit_credited'));
    expect(has(deposit, ['notifications', 'list'])).toBe(true);
    expect(has(deposit, ['wallet'])).toBe(true);
    // The bell's count comes with the push itself.
    expect(has(deposit, ['notifications', 'latest'])).toBe(false);
    expect(CHANNELS.notifications.stale(null as unknown as NotificationPush)).toEqual([]);
    expect(has(CHANNELS.notifications.gap, ['notifications'])).toBe(true);
    expect(has(CHANNELS.notifications.gap, ['kyc'])).toBe(true);
  });

  it("chat refetches the unread count on the operator's messages and on receipts only", () => {
    const message = (sender: 'user' | 'operator'): ChatEvent =>
      ({ type: 'message', user_id: 1, message: { sender } }) as ChatEvent;
    expect(CHANNELS.chat.stale(message('operator'))).toEqual([['chat', 'unread']]);
    expect(CHANNELS.chat.stale(message('user'))).toEqual([]);
    const receipt = { type: 'receipt', user_id: 1, sender: 'user', state: 'read' } as ChatEvent;
    expect(CHANNELS.chat.stale(receipt)).toEqual([['chat', 'unread']]);
  });
});
