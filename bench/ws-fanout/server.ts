// The server side of the fan-out benchmark: the real app (in-memory PGlite, no seed) on a
// loopback port, stepping the simulated market and publishing `tickers` `rate` times a second,
// as the live loop does once a second. Started by run.ts; talks to it over IPC.
import { openDatabase } from '../../packages/db/src/index.ts';
import { buildApp } from '../../apps/server/src/app.ts';
import { loadConfig } from '../../apps/server/src/config.ts';

const rate = Number(process.env.RATE ?? 1);
const database = await openDatabase();
// The clients are on this machine: not held to the request limits.
const config = { ...loadConfig({}), rateLimitAllow: ['127.0.0.1', '::1', '::ffff:127.0.0.1'] };
const app = await buildApp({ config, database });
const address = await app.listen({ port: 0, host: '127.0.0.1' });

// How long one `tickers` publish (serialise once, send to every subscriber) takes.
const publishMs: number[] = [];
const publish = app.hub.publish.bind(app.hub);
app.hub.publish = (ch: string, data: unknown) => {
  const started = performance.now();
  const seq = publish(ch, data);
  if (ch === 'tickers') publishMs.push(performance.now() - started);
  return seq;
};

// Never outlive the benchmark.
process.on('disconnect', () => process.exit(1));
let timer: ReturnType<typeof setInterval> | undefined;
process.on('message', (msg: { type: string }) => {
  if (msg.type === 'start') {
    publishMs.length = 0;
    timer = setInterval(() => void app.market.step(), 1000 / rate);
  } else if (msg.type === 'stop') {
    clearInterval(timer);
    const sorted = [...publishMs].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
    process.send?.({
      type: 'report',
      publishes: sorted.length,
      publishP50: at(0.5),
      publishP99: at(0.99),
      hub: app.hub.stats(),
      rssMb: Math.round(process.memoryUsage().rss / 2 ** 20),
    });
  } else if (msg.type === 'exit') {
    void app.close().then(() => database.close().then(() => process.exit(0)));
  }
});
process.send?.({ type: 'listening', url: `${address.replace('http', 'ws')}/ws` });
