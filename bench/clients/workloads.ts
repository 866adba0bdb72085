// What each benchmark's clients send, by name, so the client process (bench/clients/run.ts) can
// build the requests itself. A workload makes one generator per client; it sees each answer, so
// a client can close the contract it opened.

export interface Call {
  path: string;
  fields: Record<string, string>;
  /** Latencies are reported per kind (the mixed bench). */
  kind: string;
  /** Sent as Idempotency-Key, as the app does for orders. */
  key?: string;
}

export interface Client {
  next(i: number): Call;
  answered(call: Call, status: number, body: string): void;
}

export interface WorkloadOptions {
  /** The finance product the mixed bench buys. */
  product?: number;
  /** The pairs the `spread` workload trades: prices around each one's mid, and an amount. */
  pairs?: { symbol: string; prices: string[]; amount: string }[];
}

const transfer = (i: number): Call => ({
  kind: 'transfer',
  path: 'wallet/change',
  fields: {
    from: i % 2 === 0 ? 'currency' : 'options',
    to: i % 2 === 0 ? 'options' : 'currency',
    currency_id: '3',
    number: '1.5',
  },
});

/** Limit orders on BTCUSDT spread ±0.5% around 60,000: about half cross and fill. */
function order(client: number, i: number): Call {
  const side = (client + i) % 2 === 0 ? 'buy' : 'sell';
  const offset = ((client * 7919 + i * 104729) % 601) - 300;
  const price = (60000 + offset).toFixed(2);
  return {
    kind: 'order',
    path: 'coin/trade',
    fields: { symbol: 'BTCUSDT', side, type: 'limit', price, amount: '0.001' },
    key: `${client}-${i}`,
  };
}

/** Limit orders over every pair (client k on pair k mod n), crossing each other about half the time. */
function spread(client: number, options: WorkloadOptions): Client {
  const pairs = options.pairs ?? [];
  const pair = pairs[client % pairs.length]!;
  return {
    next: (i) => ({
      kind: 'order',
      path: 'coin/trade',
      fields: {
        symbol: pair.symbol,
        side: (client + i) % 2 === 0 ? 'buy' : 'sell',
        type: 'limit',
        price: pair.prices[(client * 7919 + i * 104729) % pair.prices.length]!,
        amount: pair.amount,
      },
      key: `spread-${client}-${i}`,
    }),
    answered: () => {},
  };
}

const MIXED = ['transfer', 'convert', 'option', 'contract_open', 'contract_close', 'finance'];

function mixed(client: number, options: WorkloadOptions): Client {
  let open: number | undefined;
  return {
    next(n) {
      const i = client + n;
      let kind = MIXED[i % MIXED.length]!;
      if (kind === 'contract_close' && open === undefined) kind = 'transfer';
      switch (kind) {
        case 'convert':
          return {
            kind,
            path: 'wallet/exchange',
            fields:
              i % 2 === 0
                ? { from_currency_id: '3', to_currency_id: '1', number: '100' }
                : { from_currency_id: '1', to_currency_id: '3', number: '0.001' },
          };
        case 'option':
          return {
            kind,
            path: 'microtrade/submit',
            fields: {
              symbol: 'BTCUSDT',
              type: 'call',
              seconds: '60',
              currency_id: '3',
              number: '10',
            },
          };
        case 'contract_open':
          return {
            kind,
            path: 'lever/submit',
            fields: { symbol: 'BTCUSDT', side: 'long', type: 'market', lots: '1', multiple: '10' },
          };
        case 'contract_close':
          return { kind, path: 'lever/close', fields: { id: String(open) } };
        case 'finance':
          return {
            kind,
            path: 'lh/deposit',
            fields: { product_id: String(options.product), amount: '1000', agree: '1' },
          };
        default:
          return transfer(0); // currency → options: the spending paths draw on the rest
      }
    },
    answered(call, status, body) {
      if (status !== 200) return;
      if (call.kind === 'contract_open')
        open = (JSON.parse(body) as { message: { id: number } }).message.id;
      else if (call.kind === 'contract_close') open = undefined;
    },
  };
}

export const WORKLOADS = {
  transfer: (): Client => ({ next: transfer, answered: () => {} }),
  order: (client: number): Client => ({ next: (i) => order(client, i), answered: () => {} }),
  spread,
  mixed,
} satisfies Record<string, (client: number, options: WorkloadOptions) => Client>;

export type Workload = keyof typeof WORKLOADS;
