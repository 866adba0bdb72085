import type { ChatEvent, ChatMessage } from '@hx/protocol';

/** A message on its way: shown at once, sent with its client_id until the server has it. */
export interface Pending {
  client_id: string;
  kind: 'text' | 'image';
  body: string;
  created_at: number;
  failed: boolean;
}

/**
 * The conversation as the app holds it: stored messages by id (so a message that comes twice —
 * by socket and by a refetch — is shown once) and the user's messages still on their way.
 */
export interface Thread {
  byId: ReadonlyMap<number, ChatMessage>;
  pending: readonly Pending[];
  /** Older messages exist on the server. */
  older: boolean;
}

export const emptyThread: Thread = { byId: new Map(), pending: [], older: false };

/** Adds or updates stored messages; a pending message the server now has disappears. */
export function merge(thread: Thread, messages: readonly ChatMessage[]): Thread {
  if (messages.length === 0) return thread;
  const byId = new Map(thread.byId);
  for (const m of messages) byId.set(m.id, m);
  const stored = new Set(messages.map((m) => m.client_id));
  return { ...thread, byId, pending: thread.pending.filter((p) => !stored.has(p.client_id)) };
}

export function addPending(thread: Thread, pending: Pending): Thread {
  const rest = thread.pending.filter((p) => p.client_id !== pending.client_id);
  return { ...thread, pending: [...rest, pending] };
}

export function setFailed(thread: Thread, clientId: string, failed: boolean): Thread {
  return {
    ...thread,
    pending: thread.pending.map((p) => (p.client_id === clientId ? { ...p, failed } : p)),
  };
}

/** A delivery or read receipt: the messages of `sender` up to `up_to_id` changed state. */
export function applyReceipt(
  thread: Thread,
  receipt: Extract<ChatEvent, { type: 'receipt' }>,
): Thread {
  const byId = new Map(thread.byId);
  let changed = false;
  for (const m of thread.byId.values()) {
    if (m.sender !== receipt.sender || m.id > receipt.up_to_id) continue;
    const next = {
      ...m,
      delivered_at: m.delivered_at ?? receipt.at,
      read_at: receipt.state === 'read' ? (m.read_at ?? receipt.at) : m.read_at,
    };
    if (next.delivered_at !== m.delivered_at || next.read_at !== m.read_at) {
      byId.set(m.id, next);
      changed = true;
    }
  }
  return changed ? { ...thread, byId } : thread;
}

/** Stored messages oldest first. */
export function messagesOf(thread: Thread): ChatMessage[] {
  return [...thread.byId.values()].sort((a, b) => a.id - b.id);
}

export function lastId(thread: Thread): number {
  let last = 0;
  for (const id of thread.byId.keys()) last = Math.max(last, id);
  return last;
}

export function firstId(thread: Thread): number | null {
  let first: number | null = null;
  for (const id of thread.byId.keys()) first = first === null ? id : Math.min(first, id);
  return first;
}

/** The newest reply not read yet (what `chat/read` is called with), or null. */
export function unreadReplyUpTo(thread: Thread): number | null {
  let up: number | null = null;
  for (const m of thread.byId.values()) {
    if (m.sender === 'operator' && m.read_at === null) up = Math.max(up ?? 0, m.id);
  }
  return up;
}

/** What the user sees under their own message. */
export function stateOf(
  m: ChatMessage | Pending,
): 'sending' | 'failed' | 'sent' | 'delivered' | 'read' {
  if (!('id' in m)) return m.failed ? 'failed' : 'sending';
  if (m.read_at !== null) return 'read';
  return m.delivered_at !== null ? 'delivered' : 'sent';
}

/** A client id for a new message (random, url-safe; works where randomUUID does not). */
export function newClientId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
