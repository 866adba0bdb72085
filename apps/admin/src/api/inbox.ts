import { useEffect, useRef, useState } from 'react';
import type { ChatEvent } from '@hx/protocol';
import { sessionStore } from './session.ts';

/**
 * The operators' live inbox: a socket on /ws authenticated with the operator token and
 * subscribed to `chat.inbox`; reconnects with a growing pause. `onEvent` gets every new
 * message and receipt; the caller refetches what it shows.
 */
export function useInbox(onEvent: (event: ChatEvent) => void): boolean {
  const [live, setLive] = useState(false);
  const handler = useRef(onEvent);
  useEffect(() => {
    handler.current = onEvent;
  });
  useEffect(() => {
    let socket: WebSocket | null = null;
    let stopped = false;
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ping: ReturnType<typeof setInterval> | undefined;
    const open = () => {
      const token = sessionStore.get()?.token;
      if (!token || stopped) return;
      const proto = location.protocol === 'https:' ? 'wss' : 'ws';
      socket = new WebSocket(`${proto}://${location.host}/ws?lang=en`);
      socket.onopen = () => {
        socket?.send(JSON.stringify({ op: 'auth_admin', token }));
        socket?.send(JSON.stringify({ op: 'sub', ch: 'chat.inbox' }));
        ping = setInterval(() => socket?.send(JSON.stringify({ op: 'ping' })), 20_000);
      };
      socket.onmessage = (e) => {
        const frame = JSON.parse(String(e.data)) as { op?: string; ch?: string; data?: ChatEvent };
        if (frame.op === 'subbed') {
          attempt = 0;
          setLive(true);
        } else if (frame.ch === 'chat.inbox' && frame.data) handler.current(frame.data);
      };
      socket.onclose = () => {
        setLive(false);
        clearInterval(ping);
        if (stopped) return;
        attempt += 1;
        timer = setTimeout(open, Math.min(30_000, 1000 * 2 ** attempt));
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(timer);
      clearInterval(ping);
      socket?.close();
    };
  }, []);
  return live;
}
