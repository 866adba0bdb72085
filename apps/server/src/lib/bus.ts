import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import {
  connect,
  NoRespondersError,
  RequestError,
  type NatsConnection,
  type Subscription,
} from '@nats-io/transport-node';

/**
 * The message bus between server processes (NATS): broadcasts every process hears, and requests
 * that one process answers. One process alone needs none of it (`localBus`): then `clustered` is
 * false and modules keep to their in-process paths.
 */
export interface Bus {
  /** This process's id in the cluster (random per start). */
  readonly processId: string;
  readonly clustered: boolean;
  /**
   * Since when this process has been cut off from the bus (ms), or null while it is connected
   * (always, alone). Ownership gives its resources up when the cut lasts (lib/ownership.ts).
   */
  cutSince(): number | null;
  /** Sends `text` to every subscriber of `subject`, this process's included. */
  publish(subject: string, text: string): void;
  subscribe(subject: string, handler: (text: string) => void): () => void;
  /** Asks the one process serving `subject`; rejects with BusNoAnswer when none answers. */
  request(subject: string, text: string, timeoutMs?: number): Promise<string>;
  /** Answers requests on `subject` (a queue group: one answerer among the servers of it). */
  serve(subject: string, handler: (text: string) => Promise<string>): () => void;
  close(): Promise<void>;
}

/**
 * Nobody serves the subject (`unserved`: the request never reached anyone, so asking again is
 * safe), or the answer did not come in time (it may have been carried out).
 */
export class BusNoAnswer extends Error {
  constructor(
    subject: string,
    readonly unserved: boolean,
  ) {
    super(`no answer on ${subject}`);
  }
}

const newProcessId = () => randomBytes(6).toString('hex');

/** One process: broadcasts go to this process's subscribers, requests to its servers. */
export function localBus(): Bus {
  const subscribers = new Map<string, Set<(text: string) => void>>();
  const servers = new Map<string, (text: string) => Promise<string>>();
  return {
    processId: newProcessId(),
    clustered: false,
    cutSince: () => null,
    publish(subject, text) {
      for (const handler of subscribers.get(subject) ?? []) handler(text);
    },
    subscribe(subject, handler) {
      const set = subscribers.get(subject) ?? new Set();
      subscribers.set(subject, set);
      set.add(handler);
      return () => set.delete(handler);
    },
    async request(subject, text) {
      const server = servers.get(subject);
      if (!server) throw new BusNoAnswer(subject, true);
      return server(text);
    },
    serve(subject, handler) {
      servers.set(subject, handler);
      return () => servers.delete(subject);
    },
    async close() {
      subscribers.clear();
      servers.clear();
    },
  };
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Several processes on one NATS server (`NATS_URL`). */
export async function natsBus(url: string, log: FastifyBaseLogger): Promise<Bus> {
  const nc: NatsConnection = await connect({
    servers: url,
    name: 'hx-server',
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // A silent cut (no reset, no close) is found after two pings go unanswered: about 3 s.
    pingInterval: 1000,
    maxPingOut: 2,
  });
  let cutSince: number | null = null;
  void (async () => {
    for await (const status of nc.status()) {
      if (status.type === 'disconnect' || status.type === 'staleConnection')
        cutSince ??= Date.now();
      else if (status.type === 'reconnect') cutSince = null;
      else continue;
      log.warn({ nats: status.type }, 'message bus connection');
    }
  })();
  const subscriptions = new Set<Subscription>();
  function consume(sub: Subscription, each: (text: string, reply: (t: string) => void) => void) {
    subscriptions.add(sub);
    void (async () => {
      for await (const msg of sub) {
        try {
          each(decoder.decode(msg.data), (t) => msg.respond(encoder.encode(t)));
        } catch (err) {
          log.error({ err, subject: sub.getSubject() }, 'a bus message handler failed');
        }
      }
    })();
    return () => {
      subscriptions.delete(sub);
      sub.unsubscribe();
    };
  }
  return {
    processId: newProcessId(),
    clustered: true,
    cutSince: () => cutSince,
    publish(subject, text) {
      nc.publish(subject, encoder.encode(text));
    },
    subscribe(subject, handler) {
      return consume(nc.subscribe(subject), (text) => handler(text));
    },
    async request(subject, text, timeoutMs = 10_000) {
      // Cut off, it would only wait out the timeout: nothing is sent, so asking again is safe.
      if (cutSince !== null) throw new BusNoAnswer(subject, true);
      try {
        const msg = await nc.request(subject, encoder.encode(text), { timeout: timeoutMs });
        return decoder.decode(msg.data);
      } catch (err) {
        const unserved =
          err instanceof NoRespondersError || (err instanceof RequestError && err.isNoResponders());
        throw new BusNoAnswer(subject, unserved);
      }
    },
    serve(subject, handler) {
      return consume(nc.subscribe(subject, { queue: subject }), (text, reply) => {
        handler(text).then(reply, (err: unknown) => {
          log.error({ err, subject }, 'a bus request failed');
          reply(JSON.stringify({ error: 'INTERNAL' }));
        });
      });
    },
    async close() {
      for (const sub of subscriptions) sub.unsubscribe();
      subscriptions.clear();
      await nc.drain().catch(() => undefined);
    },
  };
}

/** Tells the other processes (not this one) `text` on `subject`: a change they must follow. */
export function tellOthers(bus: Bus, subject: string, text = ''): void {
  if (bus.clustered) bus.publish(subject, `${bus.processId}\n${text}`);
}

/** What the other processes tell on `subject` (tellOthers); this process's own is skipped. */
export function hearOthers(bus: Bus, subject: string, handler: (text: string) => void): () => void {
  return bus.subscribe(subject, (message) => {
    const cut = message.indexOf('\n');
    if (cut >= 0 && message.slice(0, cut) !== bus.processId) handler(message.slice(cut + 1));
  });
}
