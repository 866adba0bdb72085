import { describe, expect, it } from 'vitest';
import { chainNetworks } from '../config.ts';
import { hexToTron, tronToHex } from './address.ts';

const RPC = { TRON_RPC_URL: 'http://127.0.0.1:8545/jsonrpc' };
const USDT = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

describe('TRON settings and addresses', () => {
  it('converts T… addresses to the 20 bytes the JSON-RPC speaks and back, exactly', () => {
    // TRON's USDT contract: 41a614f803b6fd780986a42c78ec9c7f77e6ded13c.
    expect(tronToHex(USDT)).toBe('0xa614f803b6fd780986a42c78ec9c7f77e6ded13c');
    expect(hexToTron('0xA614F803B6FD780986A42C78EC9C7F77E6DED13C')).toBe(USDT);
    expect(hexToTron('41a614f803b6fd780986a42c78ec9c7f77e6ded13c')).toBe(USDT);
    const typo = `${USDT.slice(0, -1)}u`;
    expect(() => tronToHex(typo)).toThrow();
  });

  it('reads TRC20 with TRX, the tokens, 19 confirmations and a fee limit by default', () => {
    const [n] = chainNetworks({ ...RPC, TRON_TOKENS: `usdt:${USDT}:6` });
    expect(n).toMatchObject({
      kind: 'tron',
      network: 'TRC20',
      confirmations: 19,
      assets: [
        { coin: 'TRX', contract: null, decimals: 6 },
        { coin: 'USDT', contract: '0xa614f803b6fd780986a42c78ec9c7f77e6ded13c', decimals: 6 },
      ],
      hotWallet: null,
      tron: { apiUrl: null, feeLimit: 30_000_000 },
    });
  });

  it('stops the start on a bad contract, a private key as the hot wallet, or a wallet without the API', () => {
    expect(() => chainNetworks({ ...RPC, TRON_TOKENS: `USDT:${USDT.slice(0, -1)}u:6` })).toThrow(
      /TRON_TOKENS: .* is not a TRON address/,
    );
    expect(() => chainNetworks({ ...RPC, TRON_HOT_WALLET: 'ab'.repeat(32) })).toThrow(
      /PRIVATE KEY/,
    );
    expect(() => chainNetworks({ ...RPC, TRON_HOT_WALLET: USDT })).toThrow(/TRON_API_URL/);
    expect(() => chainNetworks({ ...RPC, TRON_CONFIRMATIONS: '0' })).toThrow(/TRON_CONFIRMATIONS/);
  });
});
