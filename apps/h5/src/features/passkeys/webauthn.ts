import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { WebauthnOptions } from '@hx/protocol';

/**
 * The browser side of passkeys. SimpleWebAuthn loads only when a passkey is made or used, so
 * the login page does not carry it until the button is pressed.
 */

const NUMBER_ADDRESS = /^[\d.]+$|^\[?[0-9a-f:]+\]?$/i;

/** Whether this browser can use passkeys at all; browsers refuse them on an IP address. */
export function passkeysSupported(): boolean {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function')
    return false;
  return !NUMBER_ADDRESS.test(window.location.hostname);
}

/**
 * Where the app was opened by a number address (127.0.0.1, 192.168.1.5, [::1]), which browsers
 * refuse passkeys on: that address, and the same page by the name `localhost` when the address
 * is this machine's own (null otherwise: the site's name is not known here).
 */
export function numberAddress(
  location: Pick<Location, 'hostname' | 'host' | 'href'> = window.location,
): { host: string; byName: string | null } | null {
  if (!NUMBER_ADDRESS.test(location.hostname)) return null;
  const loopback = /^127\.|^\[?::1\]?$/.test(location.hostname);
  const byName = new URL(location.href);
  byName.hostname = 'localhost';
  return { host: location.host, byName: loopback ? byName.href : null };
}

/** Asks the authenticator for a new passkey; its answer as the JSON the server takes. */
export async function createPasskey(options: WebauthnOptions): Promise<string> {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = options as unknown as PublicKeyCredentialCreationOptionsJSON;
  return JSON.stringify(await startRegistration({ optionsJSON }));
}

/** Asks the authenticator to sign in with one of its passkeys for this site. */
export async function signWithPasskey(options: WebauthnOptions): Promise<string> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  const optionsJSON = options as unknown as PublicKeyCredentialRequestOptionsJSON;
  return JSON.stringify(await startAuthentication({ optionsJSON }));
}

export type PasskeyFailure =
  | 'passkeys.cancelled'
  | 'passkeys.alreadyOnDevice'
  | 'passkeys.unavailableHere'
  | 'passkeys.failed';

/** What the browser's refusal means to the user, as a message key. */
export function passkeyFailure(error: unknown): PasskeyFailure {
  const { name, code } = (error ?? {}) as { name?: string; code?: string };
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError')
    return 'passkeys.alreadyOnDevice';
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError')
    return 'passkeys.unavailableHere';
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError')
    return 'passkeys.cancelled';
  return 'passkeys.failed';
}
