// The load of bench/orders in a process of its own, so the clients' work is not counted as the
// server's: reads {address, tokens, seconds, offset} from argv[2] (JSON), prints the latencies.
export {};

const { address, tokens, seconds } = JSON.parse(process.argv[2]!) as {
  address: string;
  tokens: string[];
  seconds: number;
};

function orderFields(client: number, i: number): URLSearchParams {
  const side = (client + i) % 2 === 0 ? 'buy' : 'sell';
  const offset = ((client * 7919 + i * 104729) % 601) - 300; // −300 … +300 → ±0.5%
  const price = (60000 + offset).toFixed(2);
  return new URLSearchParams({ symbol: 'BTCUSDT', side, type: 'limit', price, amount: '0.001' });
}

const latencies: number[] = [];
let failures = 0;
let firstFailure: string | undefined;
const deadline = Date.now() + seconds * 1000;
await Promise.all(
  tokens.map(async (token, client) => {
    for (let i = 0; Date.now() < deadline; i++) {
      const started = performance.now();
      const response = await fetch(`${address}/api/coin/trade`, {
        method: 'POST',
        headers: { authorization: token, 'content-type': 'application/x-www-form-urlencoded' },
        body: orderFields(client, i),
      });
      const text = await response.text();
      latencies.push(performance.now() - started);
      if (response.status !== 200) {
        failures++;
        firstFailure ??= text;
      }
    }
  }),
);
process.stdout.write(JSON.stringify({ latencies, failures, firstFailure }));
