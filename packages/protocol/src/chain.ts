import { z } from 'zod';
import { decimal, epochMs } from './fields.ts';

/** GET admin/chain: per watched network, the watcher, the hot wallet and what is in flight. */
const inFlight = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  coin: z.string(),
  amount: decimal,
  tx_hash: z.string().nullable(),
  explorer_url: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  state: z.string().describe('confirming (deposits); queued or sent (withdrawals)'),
  created_at: epochMs,
});

export const chainNetworkStatus = z.object({
  network: z.string(),
  confirmations: z.number().int(),
  watcher: z.object({
    height: z.number().int().nullable().describe('the last block processed; null before a start'),
    head: z.number().int().nullable().describe("the node's newest block, asked now"),
    lag: z.number().int().nullable().describe('blocks between the two'),
    updated_at: epochMs.nullable(),
    error: z.string().nullable().describe('the node could not be asked'),
  }),
  hot_wallet: z
    .object({
      address: z.string(),
      balances: z.array(
        z.object({
          coin: z.string(),
          amount: decimal.nullable(),
          low: decimal.nullable().describe('EVM_HOT_WALLET_LOW for the coin'),
          warning: z.boolean(),
        }),
      ),
    })
    .nullable()
    .describe('null: withdrawals on this network are paid by hand'),
  deposits: z.object({ count: z.number().int(), list: z.array(inFlight) }),
  withdrawals: z.object({ count: z.number().int(), list: z.array(inFlight) }),
});
export type ChainNetworkStatus = z.infer<typeof chainNetworkStatus>;
export const chainStatus = z.object({ networks: z.array(chainNetworkStatus) });
