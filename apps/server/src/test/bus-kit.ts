import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { connect, createServer, type Socket } from 'node:net';
import { freePort } from './free-port.ts';
import { until } from './cluster-kit.ts';

const NATS_SERVER = '/usr/sbin/nats-server';

/** Whether a test can start a NATS server of its own. */
export const natsServerInstalled = () => existsSync(NATS_SERVER);

/** A NATS server of the test's own on a free loopback port; `stop()` ends it by its id. */
export async function startNats(): Promise<{ url: string; port: number; stop(): void }> {
  const port = await freePort();
  const child = spawn(NATS_SERVER, ['-a', '127.0.0.1', '-p', String(port)], { stdio: 'ignore' });
  const listening = () =>
    new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => resolve(true));
      socket.once('error', () => resolve(false));
      socket.once('connect', () => socket.destroy());
    });
  await until(listening, 10_000, 'the NATS server');
  return {
    url: `nats://127.0.0.1:${port}`,
    port,
    stop() {
      if (child.exitCode === null && child.signalCode === null && child.pid)
        process.kill(child.pid, 'SIGKILL');
    },
  };
}

/**
 * A TCP link between one server process and the NATS server, which the test can cut (every
 * connection through it reset, new ones refused: the process is off the bus, not off
 * PostgreSQL) and mend (it listens again on the same port, so the process reconnects).
 */
export async function cuttableLink(targetPort: number) {
  const port = await freePort();
  const sockets = new Set<Socket>();
  const server = createServer((inbound) => {
    const outbound = connect(targetPort, '127.0.0.1');
    for (const [a, b] of [
      [inbound, outbound],
      [outbound, inbound],
    ] as const) {
      sockets.add(a);
      a.on('error', () => b.destroy());
      a.on('close', () => {
        sockets.delete(a);
        b.destroy();
      });
      a.pipe(b);
    }
  });
  const listen = () => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen();
  return {
    url: `nats://127.0.0.1:${port}`,
    async cut() {
      const closed = new Promise((resolve) => server.close(resolve));
      for (const socket of sockets) socket.resetAndDestroy();
      await closed;
    },
    mend: listen,
    async close() {
      for (const socket of sockets) socket.destroy();
      if (server.listening) await new Promise((resolve) => server.close(resolve));
    },
  };
}
