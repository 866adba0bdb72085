import { describe, expect, it } from 'vitest';
import { numberAddress, passkeyFailure } from './webauthn.ts';

const at = (href: string) => {
  const url = new URL(href);
  return { hostname: url.hostname, host: url.host, href };
};

describe('where passkeys cannot be used', () => {
  it('offers the same page at localhost for this machine’s own number address', () => {
    expect(
      numberAddress(at('http://127.0.0.1:8080/h5/#/pages/settings/security/passkeys')),
    ).toEqual({
      host: '127.0.0.1:8080',
      byName: 'http://localhost:8080/h5/#/pages/settings/security/passkeys',
    });
    expect(numberAddress(at('http://[::1]:8080/h5/'))?.byName).toBe('http://localhost:8080/h5/');
  });

  it('names no address for another machine’s number, and none at a host name', () => {
    expect(numberAddress(at('https://192.168.1.5/h5/'))).toEqual({
      host: '192.168.1.5',
      byName: null,
    });
    expect(numberAddress(at('http://localhost:8080/h5/'))).toBeNull();
    expect(numberAddress(at('https://exchange.example/h5/'))).toBeNull();
  });

  it('reads the browser’s refusal of an address as unavailable here', () => {
    expect(passkeyFailure({ name: 'SecurityError' })).toBe('passkeys.unavailableHere');
  });
});
