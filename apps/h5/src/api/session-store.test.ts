import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { UserView } from '@hx/protocol';
import type { sessionStore } from './session-store.ts';

// The store reads localStorage when it loads: a plain one, and the app's version, first.
const saved = new Map<string, string>();
Object.assign(globalThis, {
  __APP_VERSION__: 'test',
  localStorage: {
    getItem: (key: string) => saved.get(key) ?? null,
    setItem: (key: string, value: string) => void saved.set(key, value),
    removeItem: (key: string) => void saved.delete(key),
  },
});
let store: typeof sessionStore;
beforeAll(async () => {
  ({ sessionStore: store } = await import('./session-store.ts'));
});

const user = (nickname: string) => ({ id: 7, nickname }) as unknown as UserView;
const stored = () => JSON.parse(saved.get('hx.session') ?? 'null')?.user?.nickname ?? null;

describe('sessionStore', () => {
  it('keeps a refreshed user with the session', () => {
    store.start('token-1', user('before'));
    store.updateUser(user('after'));
    expect(stored()).toBe('after');
    expect(store.get()?.user.nickname).toBe('after');
  });

  it('does not bring back a session ended elsewhere when a late answer arrives', () => {
    store.start('token-2', user('mine'));
    // Another tab logs out; its storage event has not reached this tab yet.
    saved.delete('hx.session');
    store.updateUser(user('late'));
    expect(saved.has('hx.session')).toBe(false);
    expect(store.get()).toBeNull();
  });

  it('does not write a late answer over a newer session of another tab', () => {
    store.start('token-3', user('old'));
    saved.set('hx.session', JSON.stringify({ token: 'token-4', user: user('new'), version: 'x' }));
    store.updateUser(user('late'));
    expect(stored()).toBe('new');
    expect(store.token()).toBe('token-4');
  });
});

describe('a session the server refused', () => {
  it('ends here and is remembered as refused, until the next login or a logout', () => {
    store.start('token-5', user('me'));
    store.refuse('token-5');
    expect(store.get()).toBeNull();
    expect(saved.has('hx.session')).toBe(false);
    expect(store.wasRefused()).toBe(true);
    store.start('token-6', user('me'));
    expect(store.wasRefused()).toBe(false);
    store.refuse('token-6');
    store.clear();
    expect(store.wasRefused()).toBe(false);
  });

  it('still says why after a reload, and forgets it at the next login', async () => {
    store.start('token-9', user('me'));
    store.refuse('token-9');
    vi.resetModules();
    const reloaded = (await import('./session-store.ts')).sessionStore;
    expect(reloaded.get()).toBeNull();
    expect(reloaded.wasRefused()).toBe(true);
    reloaded.start('token-10', user('me'));
    vi.resetModules();
    expect((await import('./session-store.ts')).sessionStore.wasRefused()).toBe(false);
    store.clear();
  });

  it('does not end a newer session for an answer to an older token', () => {
    store.start('token-7', user('old'));
    store.start('token-8', user('new'));
    store.refuse('token-7');
    expect(store.token()).toBe('token-8');
    expect(store.wasRefused()).toBe(false);
  });
});
