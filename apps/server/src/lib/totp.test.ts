import { describe, expect, it } from 'vitest';
import {
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  recoveryCodeHash,
  totpCode,
  totpStep,
} from './totp.ts';

describe('totp', () => {
  const secret = newTotpSecret();
  const now = new Date('2026-11-25T12:00:10Z');

  it('accepts the current code and its neighbours, and tells their steps apart', () => {
    const step = Math.floor(now.getTime() / 30_000);
    expect(totpStep(secret, totpCode(secret, now), now)).toBe(step);
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 30_000)), now)).toBe(
      step - 1,
    );
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() + 30_000)), now)).toBe(
      step + 1,
    );
  });

  it('refuses a code two steps away, another secret’s code and malformed input', () => {
    expect(totpStep(secret, totpCode(secret, new Date(now.getTime() - 90_000)), now)).toBeNull();
    expect(totpStep(secret, totpCode(newTotpSecret(), now), now)).toBeNull();
    expect(totpStep(secret, '12345', now)).toBeNull();
    expect(totpStep(secret, 'abcdef', now)).toBeNull();
  });

  it('writes an otpauth address authenticator apps read', () => {
    const url = otpauthUrl(secret, 'Honest Exchange', 'a@b.co');
    expect(url).toMatch(/^otpauth:\/\/totp\/Honest%20Exchange:a%40b\.co\?/);
    expect(url).toContain(`secret=${secret}`);
  });

  it('makes ten distinct recovery codes whose hash ignores case and spaces', () => {
    const codes = newRecoveryCodes();
    expect(new Set(codes).size).toBe(10);
    expect(recoveryCodeHash(` ${codes[0]!.toUpperCase()} `)).toBe(recoveryCodeHash(codes[0]!));
  });
});
