import { call, type Result } from '../../api/call.ts';

/** A fresh authenticator key, as an `otpauth://` link (for the QR code) and as text. */
export type TwoFactorSetup = Result<'twoFactorSetup'>;

/** Starts setting the authenticator up: the server makes a new key. */
export const startTwoFactorSetup = () => call.twoFactorSetup();

/** Turns the authenticator on with its first code; the answer holds the recovery codes. */
export const enableTwoFactor = (code: string) => call.twoFactorEnable({ code });

/** Turns the authenticator off with a code (or a recovery code). */
export const disableTwoFactor = (code: string) => call.twoFactorDisable({ code });
