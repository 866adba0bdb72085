// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketStatus } from '../../api/socket.ts';
import { DROP_GRACE_MS, FIRST_CONNECT_GRACE_MS, LiveFeed } from './liveFeed.ts';

/** The socket manager's status, set by hand. */
class FakeSocket {
  status: SocketStatus = 'idle';
  private readonly listeners = new Set<() => void>();
  onStatus(listener: () => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  set(status: SocketStatus) {
    this.status = status;
    for (const listener of this.listeners) listener();
  }
}

describe('LiveFeed', () => {
  let socket: FakeSocket;
  let feed: LiveFeed;
  beforeEach(() => {
    vi.useFakeTimers();
    socket = new FakeSocket();
    feed = new LiveFeed(socket);
  });
  afterEach(() => vi.useRealTimers());

  it('says nothing during an ordinary first connection', () => {
    socket.set('connecting');
    vi.advanceTimersByTime(FIRST_CONNECT_GRACE_MS - 1);
    socket.set('open');
    vi.advanceTimersByTime(60_000);
    expect(feed.lost).toBe(false);
  });

  it('tells when a first connection keeps failing for a few seconds', () => {
    socket.set('connecting');
    socket.set('closed');
    vi.advanceTimersByTime(FIRST_CONNECT_GRACE_MS - 1);
    socket.set('connecting');
    expect(feed.lost).toBe(false);
    vi.advanceTimersByTime(1);
    expect(feed.lost).toBe(true);
    socket.set('open');
    expect(feed.lost).toBe(false);
  });

  it('tells when an open socket dropped, until it is back, and tells its listeners', () => {
    const heard = vi.fn();
    feed.subscribe(heard);
    socket.set('connecting');
    socket.set('open');
    socket.set('closed');
    vi.advanceTimersByTime(DROP_GRACE_MS);
    expect(feed.lost).toBe(true);
    socket.set('connecting');
    socket.set('closed');
    expect(feed.lost).toBe(true);
    socket.set('open');
    expect(feed.lost).toBe(false);
    expect(heard).toHaveBeenCalledTimes(2);
  });

  it('does not flash for a drop that heals within a second', () => {
    socket.set('open');
    socket.set('closed');
    vi.advanceTimersByTime(DROP_GRACE_MS / 2);
    socket.set('connecting');
    socket.set('open');
    vi.advanceTimersByTime(10_000);
    expect(feed.lost).toBe(false);
  });

  it('says nothing once no page listens (the socket was closed on purpose)', () => {
    socket.set('open');
    socket.set('closed');
    vi.advanceTimersByTime(DROP_GRACE_MS);
    socket.set('idle');
    expect(feed.lost).toBe(false);
    // A new first connection gets the first-connection grace again.
    socket.set('connecting');
    vi.advanceTimersByTime(DROP_GRACE_MS);
    expect(feed.lost).toBe(false);
  });
});
