import { utils } from 'tronweb';
import { encodeAbiParameters } from 'viem';
import { hexToTron, tronToHex } from './address.ts';
import type { TronTransaction } from './api.ts';

/** What a payout asks the node to build: TRX to an address, or a TRC20 `transfer`. */
export type Intent =
  | { kind: 'trx'; owner: string; to: string; amount: bigint }
  | {
      kind: 'trc20';
      owner: string;
      contract: string;
      to: string;
      amount: bigint;
      /** Sun the transaction may burn for energy at most. */
      feeLimit: number;
    };

/** `T…` whether the node wrote it so (`visible`) or as 41-prefixed hex. */
const tron = (value: unknown) =>
  typeof value === 'string' && /^41[0-9a-f]{40}$/i.test(value) ? hexToTron(value) : value;

/** The selector of `transfer(address,uint256)` and its arguments, as the contract's data. */
export function transferData(to: string, amount: bigint): string {
  const args = encodeAbiParameters(
    [{ type: 'address' }, { type: 'uint256' }],
    [tronToHex(to), amount],
  );
  return `a9059cbb${args.slice(2)}`;
}

/**
 * The node's unsigned transaction, refused unless it is exactly `intent`: its JSON, its
 * protobuf bytes (`raw_data_hex`) and its id agree (tronweb re-encodes the JSON), it holds one
 * contract of the right type, from the hot wallet, to the right address, for the right amount
 * and fee limit. A node that answered anything else would make the signer sign it.
 */
export function checkBuilt(tx: TronTransaction, intent: Intent): TronTransaction {
  const refuse = (why: string): never => {
    throw new BuiltWrong(`the node built a different transaction (${why}); not signed`);
  };
  if (!utils.transaction.txCheck(tx)) refuse('its bytes or id do not match its fields');
  const [contract, ...more] = tx.raw_data.contract;
  if (!contract || more.length) refuse('not one contract');
  const v = contract!.parameter.value;
  if (tron(v.owner_address) !== intent.owner) refuse('another owner');
  if (intent.kind === 'trx') {
    if (contract!.type !== 'TransferContract') refuse(contract!.type);
    if (tron(v.to_address) !== intent.to) refuse('another recipient');
    if (BigInt(String(v.amount)) !== intent.amount) refuse('another amount');
  } else {
    if (contract!.type !== 'TriggerSmartContract') refuse(contract!.type);
    if (tron(v.contract_address) !== intent.contract) refuse('another contract');
    if (String(v.data).toLowerCase() !== transferData(intent.to, intent.amount))
      refuse('another call');
    if (v.call_value !== undefined && Number(v.call_value) !== 0) refuse('a TRX value');
    if (tx.raw_data.fee_limit !== intent.feeLimit) refuse('another fee limit');
  }
  return tx;
}

export class BuiltWrong extends Error {}

/**
 * Signs offline as TRON does: secp256k1 over the transaction id (sha256 of the raw bytes),
 * the 65-byte recoverable signature r ‖ s ‖ v.
 */
export async function signTron(privateKey: string, tx: TronTransaction): Promise<TronTransaction> {
  const signed = utils.crypto.signTransaction(privateKey.replace(/^0x/, ''), {
    ...tx,
    signature: [],
  });
  return signed as unknown as TronTransaction;
}
