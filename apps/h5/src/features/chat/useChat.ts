import {
  useCallback,
  useEffect,
  useRef,
  useState,
  type Dispatch,
  type SetStateAction,
} from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { call, callUpload } from '../../api/call.ts';
import { useSocketStatus } from '../../api/useChannel.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import { usePrivateChannel } from '../../cache/usePrivateChannel.ts';
import { storage } from '../../lib/storage.ts';
import {
  addPending,
  applyReceipt,
  emptyThread,
  firstId,
  lastId,
  merge,
  setFailed,
  unreadReplyUpTo,
  newClientId,
  type Pending,
  type Thread,
} from './thread.ts';

const quiet = { loading: false, toast: false } as const;
const PAGE = 50;
const pendingKey = (userId: number) => `hx.chat.pending.${userId}`;

function loadPending(userId: number): Pending[] {
  try {
    const list = JSON.parse(storage.get(pendingKey(userId)) ?? '[]') as Pending[];
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

/** Replies on screen count as read: told to the server, then marked here and in the unread count. */
function useMarkRead(thread: Thread, userId: number, setThread: Dispatch<SetStateAction<Thread>>) {
  const queryClient = useQueryClient();
  const upTo = unreadReplyUpTo(thread);
  useEffect(() => {
    if (upTo === null || document.visibilityState === 'hidden') return;
    call.chatRead({ up_to_id: upTo }, quiet).then(
      () => {
        setThread((t) =>
          applyReceipt(t, {
            type: 'receipt',
            user_id: userId,
            sender: 'operator',
            state: 'read',
            up_to_id: upTo,
            at: Date.now(),
          }),
        );
        void queryClient.invalidateQueries({ queryKey: queryKeys.chatUnread(userId) });
      },
      () => {},
    );
  }, [upTo, userId, queryClient, setThread]);
}

/**
 * The user's conversation with support. History comes over HTTP, new messages and receipts over
 * the socket's `chat` channel. After a gap in the channel or a reconnect it fetches everything
 * after the last id it has and merges by id, so nothing is lost or shown twice. Messages being
 * sent are kept in localStorage with their client_id and sent again after a reload; the server
 * stores a client_id once, so a resend never duplicates.
 */
export function useChat(userId: number) {
  const [thread, setThread] = useState<Thread>(() => ({
    ...emptyThread,
    pending: loadPending(userId).map((p) => ({ ...p, failed: false })),
  }));
  const [loaded, setLoaded] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const current = useRef(thread);
  current.current = thread;

  // Persist what is still on its way.
  useEffect(() => {
    if (thread.pending.length === 0) storage.remove(pendingKey(userId));
    else storage.set(pendingKey(userId), JSON.stringify(thread.pending));
  }, [thread.pending, userId]);

  const catchingUp = useRef(false);
  /** Everything after the last id we have (after a gap, a reconnect, a return to the page). */
  const catchUp = useCallback(async () => {
    if (catchingUp.current) return;
    catchingUp.current = true;
    try {
      for (;;) {
        const page = await call.chatHistory(
          { after_id: lastId(current.current) || undefined, limit: PAGE },
          quiet,
        );
        setThread((t) => (current.current = merge(t, page.list)));
        if (!page.more) break;
      }
    } catch {
      // The next reconnect or gap tries again.
    } finally {
      catchingUp.current = false;
    }
  }, []);

  const deliver = useCallback(async (p: Pending) => {
    setThread((t) => setFailed(t, p.client_id, false));
    try {
      const message = await call.chatSend(
        { [p.kind === 'image' ? 'image' : 'body']: p.body, client_id: p.client_id },
        quiet,
      );
      setThread((t) => merge(t, [message]));
    } catch {
      setThread((t) => setFailed(t, p.client_id, true));
    }
  }, []);

  // First page, then what was left unsent before a reload.
  useEffect(() => {
    let live = true;
    call.chatHistory({ limit: PAGE }, quiet).then(
      (page) => {
        if (!live) return;
        setThread((t) => ({ ...merge(t, page.list), older: page.more }));
        setLoaded(true);
        for (const p of current.current.pending) void deliver(p);
      },
      (failure: unknown) => {
        if (live) setError(failure instanceof Error ? failure.message : String(failure));
      },
    );
    return () => {
      live = false;
    };
  }, [deliver]);

  usePrivateChannel(
    'chat',
    (event) => {
      if (event.type === 'message') setThread((t) => merge(t, [event.message]));
      else setThread((t) => applyReceipt(t, event));
    },
    () => void catchUp(),
  );

  // A reconnect: catch up and retry what failed.
  const status = useSocketStatus();
  const wasOpen = useRef(status === 'open');
  useEffect(() => {
    if (status === 'open' && !wasOpen.current && loaded) {
      void catchUp();
      for (const p of current.current.pending) if (p.failed) void deliver(p);
    }
    wasOpen.current = status === 'open';
  }, [status, loaded, catchUp, deliver]);

  useMarkRead(thread, userId, setThread);

  const send = useCallback(
    (kind: Pending['kind'], body: string) => {
      const p: Pending = {
        client_id: newClientId(),
        kind,
        body,
        created_at: Date.now(),
        failed: false,
      };
      setThread((t) => (current.current = addPending(t, p)));
      void deliver(p);
    },
    [deliver],
  );

  const sendImage = useCallback(
    async (file: File) => {
      const { url } = await callUpload('uploadImage', file);
      send('image', url);
    },
    [send],
  );

  const loadOlder = useCallback(async () => {
    const before = firstId(current.current);
    if (before === null) return;
    const page = await call.chatHistory({ before_id: before, limit: PAGE });
    setThread((t) => ({ ...merge(t, page.list), older: page.more }));
  }, []);

  return { thread, loaded, error, send, sendImage, retry: deliver, loadOlder };
}
