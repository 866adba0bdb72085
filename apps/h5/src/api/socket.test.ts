// @vitest-environment node
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  backoffDelay,
  ChannelRefs,
  PING_MS,
  SeqTracker,
  SESSION_ENDED_CLOSE_CODE,
  SocketManager,
  type SocketLike,
} from './socket.ts';

/** A tiny stand-in for the browser's WebSocket. */
class FakeSocket implements SocketLike {
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | undefined;
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;

  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({} as never);
  }
  drop(code?: number) {
    this.readyState = 3;
    this.onclose?.({ code } as never);
  }
  message(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) } as never);
  }
  ops(op: string) {
    return this.sent.filter((f) => f.op === op);
  }
}

const latest = () => FakeSocket.all[FakeSocket.all.length - 1]!;

describe('backoffDelay', () => {
  it('doubles from half a second up to 30 s', () => {
    const mid = () => 0.5; // no jitter
    expect([0, 1, 2, 3, 6, 7, 20].map((a) => backoffDelay(a, mid))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
  });

  it('spreads each delay by ±50 %', () => {
    expect(backoffDelay(2, () => 0)).toBe(1000);
    expect(backoffDelay(2, () => 0.999)).toBe(2998);
    expect(backoffDelay(100, () => 0.999)).toBeLessThanOrEqual(45_000);
  });
});

describe('SeqTracker', () => {
  it('tells the next message from a gap, a replay and a restart', () => {
    const seqs = new SeqTracker();
    expect(seqs.check('tickers', 7)).toBe('first');
    expect(seqs.check('tickers', 8)).toBe('next');
    expect(seqs.check('tickers', 8)).toBe('duplicate');
    expect(seqs.check('tickers', 11)).toBe('gap');
    expect(seqs.check('tickers', 12)).toBe('next');
    expect(seqs.check('tickers', 1)).toBe('reset');
    expect(seqs.check('tickers', 2)).toBe('next');
  });

  it('keeps channels apart and forgets one that was left', () => {
    const seqs = new SeqTracker();
    seqs.check('a', 1);
    expect(seqs.check('b', 5)).toBe('first');
    expect(seqs.check('a', 2)).toBe('next');
    seqs.forget('a');
    expect(seqs.check('a', 9)).toBe('first');
  });
});

describe('ChannelRefs', () => {
  it('reports the first subscriber and the last to leave', () => {
    const refs = new ChannelRefs<string>();
    expect(refs.add('tickers', 'home')).toBe(true);
    expect(refs.add('tickers', 'pricing')).toBe(false);
    expect(refs.remove('tickers', 'home')).toBe(false);
    expect(refs.remove('tickers', 'nobody')).toBe(false);
    expect(refs.remove('tickers', 'pricing')).toBe(true);
    expect(refs.size).toBe(0);
    expect(refs.remove('tickers', 'pricing')).toBe(false);
  });
});

describe('SocketManager', () => {
  let token: string | null;
  let manager: SocketManager;

  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    token = null;
    manager = new SocketManager({
      url: () => 'ws://test/ws?lang=en',
      create: (url) => new FakeSocket(url),
      token: () => token,
      random: () => 0.5,
    });
  });
  afterEach(() => {
    manager.close();
    vi.useRealTimers();
  });

  it('subscribes once per channel and unsubscribes when the last listener leaves', () => {
    const offA = manager.subscribe('tickers', { onMessage: () => {} });
    const offB = manager.subscribe('tickers', { onMessage: () => {} });
    expect(FakeSocket.all).toHaveLength(1);
    latest().open();
    expect(latest().ops('sub')).toEqual([{ op: 'sub', ch: 'tickers' }]);
    offA();
    expect(latest().ops('unsub')).toEqual([]);
    offB();
    expect(latest().ops('unsub')).toEqual([{ op: 'unsub', ch: 'tickers' }]);
  });

  it('delivers data, drops control frames and replays, calls onGap after a jump in seq', () => {
    const got: unknown[] = [];
    const onGap = vi.fn();
    manager.subscribe('kline.BTCUSDT.1min', { onMessage: (d) => got.push(d), onGap });
    latest().open();
    latest().message({ op: 'subbed', ch: 'kline.BTCUSDT.1min' });
    latest().message({ op: 'pong' });
    latest().message({ ch: 'kline.BTCUSDT.1min', seq: 1, data: 'a' });
    latest().message({ ch: 'kline.BTCUSDT.1min', seq: 1, data: 'a' });
    latest().message({ ch: 'kline.BTCUSDT.1min', seq: 2, data: 'b' });
    expect(onGap).not.toHaveBeenCalled();
    latest().message({ ch: 'kline.BTCUSDT.1min', seq: 5, data: 'e' });
    expect(onGap).toHaveBeenCalledTimes(1);
    expect(got).toEqual(['a', 'b', 'e']);
  });

  it('with a schedule, hands a burst of messages out together, in order, in one batch', () => {
    manager.close();
    const flushes: (() => void)[] = [];
    const batches: string[] = [];
    manager = new SocketManager({
      url: () => 'ws://test/ws?lang=en',
      create: (url) => new FakeSocket(url),
      token: () => token,
      schedule: (flush) => flushes.push(flush),
      batch: (run) => {
        batches.push('start');
        run();
        batches.push('end');
      },
    });
    const got: string[] = [];
    manager.subscribe('depth.BTCUSDT', { onMessage: (d) => got.push(`depth ${String(d)}`) });
    const offTrades = manager.subscribe('trades.BTCUSDT', {
      onMessage: (d) => got.push(`trades ${String(d)}`),
    });
    latest().open();
    latest().message({ ch: 'depth.BTCUSDT', seq: 1, data: 'a' });
    latest().message({ ch: 'trades.BTCUSDT', seq: 1, data: 'b' });
    latest().message({ ch: 'depth.BTCUSDT', seq: 2, data: 'c' });
    expect(got).toEqual([]);
    expect(flushes).toHaveLength(1);
    flushes[0]!();
    expect(got).toEqual(['depth a', 'trades b', 'depth c']);
    expect(batches).toEqual(['start', 'end']);
    // A channel left before the delivery gets nothing.
    latest().message({ ch: 'trades.BTCUSDT', seq: 2, data: 'd' });
    offTrades();
    flushes[1]!();
    expect(got).toHaveLength(3);
  });

  it('reconnects with backoff and subscribes every channel again', () => {
    manager.subscribe('tickers', { onMessage: () => {} });
    manager.subscribe('depth.ETHUSDT', { onMessage: () => {} });
    latest().open();
    latest().drop();
    expect(manager.status).toBe('closed');
    vi.advanceTimersByTime(499);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);
    latest().drop(); // never opened: the next wait doubles
    vi.advanceTimersByTime(999);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(1);
    latest().open();
    expect(
      latest()
        .ops('sub')
        .map((f) => f.ch),
    ).toEqual(['tickers', 'depth.ETHUSDT']);
    expect(manager.status).toBe('open');
  });

  it('refetches every channel when the socket is back after a loss, not on a first open', () => {
    const tickersGap = vi.fn();
    const ordersGap = vi.fn();
    const got: unknown[] = [];
    manager.subscribe('tickers', { onMessage: (d) => got.push(d), onGap: tickersGap });
    manager.subscribe('orders', { onMessage: () => {}, onGap: ordersGap });
    latest().open();
    latest().message({ ch: 'tickers', seq: 7, data: 'a' });
    expect(tickersGap).not.toHaveBeenCalled();
    latest().drop();
    vi.advanceTimersByTime(500);
    latest().open();
    // Quiet channels too: what failed to load while the socket was down loads again.
    expect(tickersGap).toHaveBeenCalledTimes(1);
    expect(ordersGap).toHaveBeenCalledTimes(1);
    // The count starts afresh: the next message is not taken for another gap.
    latest().message({ ch: 'tickers', seq: 40, data: 'b' });
    expect(tickersGap).toHaveBeenCalledTimes(1);
    expect(got).toEqual(['a', 'b']);
    // A socket closed on purpose and opened again is not a loss.
    manager.close();
    manager.subscribe('depth.BTCUSDT', { onMessage: () => {} });
    latest().open();
    expect(tickersGap).toHaveBeenCalledTimes(1);
  });

  it('reconnects at once when the network is back instead of waiting out the backoff', () => {
    manager.subscribe('tickers', { onMessage: () => {} });
    latest().open();
    for (let i = 0; i < 5; i++) {
      latest().drop();
      vi.advanceTimersByTime(30_000);
    }
    latest().drop(); // the next try is 16 s away
    expect(FakeSocket.all).toHaveLength(6);
    manager.reconnectNow();
    expect(FakeSocket.all).toHaveLength(7);
    manager.reconnectNow(); // already connecting: nothing more
    expect(FakeSocket.all).toHaveLength(7);
  });

  it('pings every 20 s and gives up on a silent connection', () => {
    manager.subscribe('tickers', { onMessage: () => {} });
    const first = latest();
    first.open();
    vi.advanceTimersByTime(PING_MS);
    expect(first.ops('ping')).toHaveLength(1);
    vi.advanceTimersByTime(PING_MS * 2);
    expect(first.closedWith).toBe(4000);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
  });

  it('authenticates with the session token and starts over when the session ends', () => {
    token = 'tok-1';
    manager.subscribe('tickers', { onMessage: () => {} });
    latest().open();
    expect(latest().ops('auth')).toEqual([{ op: 'auth', token: 'tok-1' }]);
    token = 'tok-2';
    manager.sessionChanged();
    expect(latest().ops('auth').at(-1)).toEqual({ op: 'auth', token: 'tok-2' });
    token = null;
    manager.sessionChanged();
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    expect(latest().ops('auth')).toEqual([]);
  });

  it('comes back as a visitor, once, when the server ends the session', () => {
    token = 'tok-1';
    manager.subscribe('orders', { onMessage: () => {} });
    latest().open();
    latest().drop(SESSION_ENDED_CLOSE_CODE);
    vi.advanceTimersByTime(1000);
    expect(FakeSocket.all).toHaveLength(2);
    latest().open();
    // The dead token is not offered again; channels are subscribed and refetched (a 401 logs out).
    expect(latest().ops('auth')).toEqual([]);
    expect(latest().ops('sub')).toEqual([{ op: 'sub', ch: 'orders' }]);
    vi.advanceTimersByTime(10_000); // and it stays: no reconnect loop
    expect(FakeSocket.all).toHaveLength(2);
    // Logging in again signs the same socket in with the new token.
    token = 'tok-2';
    manager.sessionChanged();
    expect(latest().ops('auth')).toEqual([{ op: 'auth', token: 'tok-2' }]);
  });

  it('closes a while after the last channel is left', () => {
    const off = manager.subscribe('tickers', { onMessage: () => {} });
    latest().open();
    off();
    vi.advanceTimersByTime(30_000);
    expect(latest().closedWith).toBe(1000);
    expect(manager.status).toBe('idle');
  });
});
