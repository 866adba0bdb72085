import { createHash, randomBytes } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

/** RFC 6238 as every authenticator app does it: SHA-1, 6 digits, 30-second steps. */
const PERIOD_S = 30;

function totpFor(secret: string, label = '', issuer = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: PERIOD_S,
    secret: Secret.fromBase32(secret),
  });
}

/** A fresh 160-bit secret, base32 as authenticator apps expect. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address the app shows as a QR code. */
export function otpauthUrl(secret: string, issuer: string, account: string): string {
  return totpFor(secret, account, issuer).toString();
}

/**
 * The 30-second step a code belongs to (the current one or either neighbour, for clock drift),
 * or null when the code is wrong. Callers accept a step only if it is later than the last step
 * they accepted, so each code works once.
 */
export function totpStep(secret: string, code: string, now: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / PERIOD_S) + delta;
}

/** The code for a moment: tests and the demo use it to act as the user's authenticator. */
export function totpCode(secret: string, at: Date): string {
  return totpFor(secret).generate({ timestamp: at.getTime() });
}

/** Ten one-time recovery codes, shown once; only their sha256 is stored. */
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const hex = randomBytes(5).toString('hex');
    return `${hex.slice(0, 5)}-${hex.slice(5)}`;
  });
}

export function recoveryCodeHash(code: string): string {
  return createHash('sha256').update(code.trim().toLowerCase()).digest('hex');
}
