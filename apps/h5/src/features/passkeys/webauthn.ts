import type {
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import type { WebauthnOptions } from '@hx/protocol';

/**
 * The browser side of passkeys. SimpleWebAuthn loads only when a passkey is made or used, so
 * the login page does not carry it until the button is pressed.
 */

/** Whether this browser can use passkeys at all; browsers refuse them on an IP address. */
export function passkeysSupported(): boolean {
  if (typeof window === 'undefined' || typeof window.PublicKeyCredential !== 'function')
    return false;
  return !/^[\d.]+$|^\[?[0-9a-f:]+\]?$/i.test(window.location.hostname);
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
