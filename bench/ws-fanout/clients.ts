// One client process of the fan-out benchmark: COUNT sockets subscribed to `tickers`, each
// message timed from the publish time the server puts in it (`data.time`, same machine clock).
// Started by run.ts; reports over IPC.
import WebSocket from 'ws';

const url = process.env.URL as string;
const count = Number(process.env.COUNT);
const CONCURRENCY = 100;

const histogram = new Uint32Array(60_001); // latency in whole ms, the last bucket ≥ 60 s
let messages = 0;
let gaps = 0;
let closed = 0;
let measuring = false;
const sockets: WebSocket[] = [];

function onMessage(this: { seq: number }, data: WebSocket.RawData) {
  const text = data.toString();
  const s = text.indexOf('"seq":');
  const d = text.indexOf('"time":', s);
  if (s < 0 || d < 0) return; // acks and pongs
  const seq = parseInt(text.slice(s + 6, s + 20), 10);
  if (this.seq !== 0 && seq !== this.seq + 1) gaps++;
  this.seq = seq;
  if (!measuring) return;
  const latency = Date.now() - parseInt(text.slice(d + 7, d + 24), 10);
  histogram[Math.max(0, Math.min(60_000, latency))]! += 1;
  messages++;
}

function open(): Promise<void> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { perMessageDeflate: false });
    const state = { seq: 0 };
    ws.on('message', onMessage.bind(state));
    ws.once('open', () => {
      ws.send('{"op":"sub","ch":"tickers"}');
      sockets.push(ws);
      resolve();
    });
    ws.once('error', reject);
    ws.on('close', () => closed++);
  });
}

// Never outlive the benchmark.
process.on('disconnect', () => process.exit(1));
let next = 0;
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < count) {
      next++;
      await open();
    }
  }),
);
// The server closes sockets silent for 60 s: ping now and then.
const pinger = setInterval(() => {
  for (const ws of sockets) ws.send('{"op":"ping"}');
}, 20_000);

process.on('message', (msg: { type: string }) => {
  if (msg.type === 'start') {
    messages = 0;
    histogram.fill(0);
    measuring = true;
  } else if (msg.type === 'stop') {
    measuring = false;
    process.send?.({ type: 'report', messages, gaps, closed, histogram: Array.from(histogram) });
  } else if (msg.type === 'exit') {
    clearInterval(pinger);
    for (const ws of sockets) ws.terminate();
    process.exit(0);
  }
});
process.send?.({ type: 'ready', sockets: sockets.length });
