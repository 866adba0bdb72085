/**
 * Which Bitcoin chain this installation is on (`BTC_NETWORK`): mainnet, or a test network whose
 * addresses have their own prefixes (`tb1…`/`m…` on testnet, `bcrt1…` on regtest). Deposit
 * addresses are derived and withdrawal addresses checked for that chain only.
 */
export type BitcoinChain = 'mainnet' | 'testnet' | 'regtest';

/** BIP 173 human-readable part of a native SegWit address. */
export const SEGWIT_PREFIX: Record<BitcoinChain, string> = {
  mainnet: 'bc',
  testnet: 'tb',
  regtest: 'bcrt',
};

/** Base58check version bytes: pay to public key hash, pay to script hash. */
export const BASE58_VERSIONS: Record<BitcoinChain, { pkh: number; sh: number }> = {
  mainnet: { pkh: 0x00, sh: 0x05 },
  testnet: { pkh: 0x6f, sh: 0xc4 },
  regtest: { pkh: 0x6f, sh: 0xc4 },
};

/** `BTC_NETWORK`, checked: a wrong value stops the start. */
export function bitcoinChainOf(value: string | undefined): BitcoinChain {
  const chain = (value || 'mainnet').toLowerCase();
  if (chain === 'mainnet' || chain === 'testnet' || chain === 'regtest') return chain;
  throw new Error(`BTC_NETWORK must be mainnet, testnet or regtest; got '${value}'`);
}
