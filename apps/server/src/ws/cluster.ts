import type { Bus } from '../lib/bus.ts';
import { Hub, type ClusterLink } from './hub.ts';

const MESSAGES = 'hx.ws';
const INTEREST = 'hx.ws.interest';
/** Each process says what its clients follow this often; a silent process is forgotten after 3×. */
const INTEREST_MS = 2000;

/**
 * The socket's channels across processes: a message published on any process goes over the bus
 * (`channel \n user-or-empty \n data`, the data serialized once) and every process numbers it
 * and sends it to its own subscribers. Processes tell each other which channels their clients
 * follow, so publishers still skip what nobody on any process receives (`hub.has`).
 */
export function joinCluster(hub: Hub, bus: Bus, now: () => number): () => void {
  const remote = new Map<string, { keys: Set<string>; at: number }>();
  let announceQueued = false;

  function announce() {
    announceQueued = false;
    bus.publish(INTEREST, [bus.processId, ...hub.listenedKeys()].join('\n'));
  }

  const link: ClusterLink = {
    publish(ch, userId, json) {
      bus.publish(MESSAGES, `${ch}\n${userId ?? ''}\n${json}`);
      return 0;
    },
    listened(ch) {
      const fresh = now() - 3 * INTEREST_MS;
      for (const p of remote.values()) if (p.at >= fresh && p.keys.has(ch)) return true;
      return false;
    },
    interestChanged() {
      // A new channel followed here: tell the others soon, once for a burst of subscriptions.
      if (announceQueued) return;
      announceQueued = true;
      setTimeout(announce, 20).unref();
    },
  };

  const offMessages = bus.subscribe(MESSAGES, (text) => {
    const a = text.indexOf('\n');
    const b = text.indexOf('\n', a + 1);
    if (a < 0 || b < 0) return;
    const ch = text.slice(0, a);
    const user = text.slice(a + 1, b);
    hub.deliverLocal(user ? Hub.key(ch, Number(user)) : ch, ch, text.slice(b + 1));
  });
  const offInterest = bus.subscribe(INTEREST, (text) => {
    const [processId, ...keys] = text.split('\n');
    if (!processId || processId === bus.processId) return;
    remote.set(processId, { keys: new Set(keys), at: now() });
  });
  hub.relayThrough(link);
  const timer = setInterval(announce, INTEREST_MS);
  timer.unref();
  announce();
  return () => {
    clearInterval(timer);
    offMessages();
    offInterest();
  };
}
