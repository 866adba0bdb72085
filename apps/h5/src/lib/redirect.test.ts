import { describe, expect, it } from 'vitest';
import { loginPath, safeRedirect } from './redirect.ts';

describe('safeRedirect', () => {
  it('keeps app paths with their query', () => {
    expect(safeRedirect('/pages/settings/account/index')).toBe('/pages/settings/account/index');
    expect(safeRedirect('/pages/trade/kline?symbol=BTCUSDT')).toBe(
      '/pages/trade/kline?symbol=BTCUSDT',
    );
  });

  it('refuses other origins and odd values', () => {
    expect(safeRedirect('https://evil.example')).toBe('/pages/index/index');
    expect(safeRedirect('//evil.example/x')).toBe('/pages/index/index');
    expect(safeRedirect('/\\evil.example')).toBe('/pages/index/index');
    expect(safeRedirect('/x?next=https://evil.example')).toBe('/pages/index/index');
    expect(safeRedirect(null)).toBe('/pages/index/index');
    expect(safeRedirect('')).toBe('/pages/index/index');
  });

  it('never leads back to a login page', () => {
    expect(safeRedirect('/pages/user/login/register')).toBe('/pages/index/index');
  });
});

describe('loginPath', () => {
  it('carries the page to come back to', () => {
    expect(loginPath('/pages/settings/security/changePassword')).toBe(
      '/pages/user/login/login?redirect=%2Fpages%2Fsettings%2Fsecurity%2FchangePassword',
    );
  });

  it('leaves out home and unsafe targets', () => {
    expect(loginPath('/pages/index/index')).toBe('/pages/user/login/login');
    expect(loginPath('https://evil.example')).toBe('/pages/user/login/login');
    expect(loginPath()).toBe('/pages/user/login/login');
  });
});
