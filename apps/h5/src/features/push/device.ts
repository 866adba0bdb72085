/**
 * This browser's side of web push: whether it can, its permission, and its subscription with
 * the service worker (registered by src/app/serviceWorker.ts in production builds).
 */

export type PushSupport = 'unsupported' | 'denied' | 'allowed';

/** How long to wait for the service worker when the page opens before the app registered it. */
const WORKER_WAIT_MS = 4000;

export function pushSupport(): PushSupport {
  if (
    typeof window === 'undefined' ||
    !('serviceWorker' in navigator) ||
    !('PushManager' in window) ||
    !('Notification' in window)
  )
    return 'unsupported';
  return Notification.permission === 'denied' ? 'denied' : 'allowed';
}

/** The app's worker registration, or null when there is none (a development build). */
export async function workerRegistration(
  waitMs = WORKER_WAIT_MS,
): Promise<ServiceWorkerRegistration | null> {
  if (pushSupport() === 'unsupported') return null;
  const now = await navigator.serviceWorker.getRegistration();
  if (now || waitMs === 0) return now ?? null;
  // The app registers its worker after the page's load event: wait a little for it.
  return Promise.race([
    navigator.serviceWorker.ready,
    new Promise<null>((resolve) => setTimeout(() => resolve(null), waitMs)),
  ]);
}

export async function currentSubscription(waitMs?: number): Promise<PushSubscription | null> {
  const registration = await workerRegistration(waitMs);
  return registration ? registration.pushManager.getSubscription() : null;
}

/** base64url → the bytes `applicationServerKey` takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const text = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(text.length));
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

function sameBytes(a: ArrayBuffer | null, b: Uint8Array): boolean {
  if (!a || a.byteLength !== b.length) return false;
  const view = new Uint8Array(a);
  return view.every((byte, i) => byte === b[i]);
}

export class PushDenied extends Error {}

/**
 * Asks for permission (if not yet given) and subscribes with the server's key. A subscription
 * made with another key (the server's keys were replaced) is dropped first.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const registration = await workerRegistration();
  if (!registration) throw new Error('no service worker');
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') throw new PushDenied(permission);
  const key = keyBytes(publicKey);
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameBytes(existing.options.applicationServerKey, key)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** The form fields `push/subscribe` takes, from a subscription. */
export function subscriptionFields(subscription: PushSubscription): Record<string, string> {
  const { endpoint, keys } = subscription.toJSON();
  return {
    endpoint: endpoint ?? '',
    'keys[p256dh]': keys?.p256dh ?? '',
    'keys[auth]': keys?.auth ?? '',
  };
}
