import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { chainNetworks, explorerLink } from './config.ts';

const RPC = { EVM_RPC_URL: 'http://127.0.0.1:8545' };
const USDT = '0xdAC17F958D2ee523a2206206994597C13D831ec7';

describe('chain network settings', () => {
  it('watches nothing without EVM_RPC_URL', () => {
    expect(chainNetworks({})).toEqual([]);
    expect(loadConfig({}).chains).toEqual([]);
  });

  it('reads the network, its coins, confirmations and explorer, with defaults', () => {
    const [n] = chainNetworks({
      ...RPC,
      EVM_TOKENS: `usdt:${USDT}:6`,
      EVM_EXPLORER_URL: 'https://etherscan.io/',
      EVM_HOT_WALLET: USDT,
      EVM_HOT_WALLET_LOW: 'ETH:0.5,USDT:1000',
    });
    expect(n).toMatchObject({
      network: 'ERC20',
      confirmations: 12,
      assets: [
        { coin: 'ETH', contract: null, decimals: 18 },
        { coin: 'USDT', contract: USDT.toLowerCase(), decimals: 6 },
      ],
      explorerTx: 'https://etherscan.io/tx/{tx}',
      hotWallet: USDT.toLowerCase(),
      startBlock: null,
    });
    expect(n!.lowBalance.get('USDT')).toBe('1000');
    expect(explorerLink(n, '0xabc')).toBe('https://etherscan.io/tx/0xabc');
    expect(explorerLink(n, null)).toBeNull();
    const [own] = chainNetworks({ ...RPC, EVM_EXPLORER_URL: 'https://x.example/t?h={tx}' });
    expect(explorerLink(own, '0x1')).toBe('https://x.example/t?h=0x1');
  });

  it.each([
    [{ EVM_RPC_URL: 'ftp://node' }, 'EVM_RPC_URL'],
    [{ ...RPC, EVM_CONFIRMATIONS: '0' }, 'EVM_CONFIRMATIONS'],
    [{ ...RPC, EVM_CONFIRMATIONS: 'twelve' }, 'EVM_CONFIRMATIONS'],
    [{ ...RPC, EVM_TOKENS: 'USDT:0x123:6' }, 'EVM_TOKENS'],
    [{ ...RPC, EVM_TOKENS: `USDT:${USDT}` }, 'EVM_TOKENS'],
    [{ ...RPC, EVM_TOKENS: `USDT:${USDT}:19` }, 'EVM_TOKENS'],
    [{ ...RPC, EVM_TOKENS: `ETH:${USDT}:18` }, 'more than once'],
    [{ ...RPC, EVM_NETWORK: 'TRC20' }, 'EVM_NETWORK'],
    [{ ...RPC, EVM_EXPLORER_URL: 'not a url' }, 'EVM_EXPLORER_URL'],
    [{ ...RPC, EVM_HOT_WALLET: '0x12' }, 'EVM_HOT_WALLET'],
    [{ ...RPC, EVM_HOT_WALLET_LOW: 'ETH:lots' }, 'EVM_HOT_WALLET_LOW'],
  ])('refuses a bad setting (%o), naming it', (env, name) => {
    expect(() => chainNetworks(env)).toThrow(name);
  });

  it('refuses to start with a private key or the signer’s passphrase in the server’s environment', () => {
    const key = `0x${'ab'.repeat(32)}`;
    expect(() => loadConfig({ ...RPC, EVM_HOT_WALLET: key })).toThrow(/PRIVATE KEY/);
    expect(() => loadConfig({ ...RPC, EVM_HOT_WALLET: key })).not.toThrow(key);
    for (const name of ['SIGNER_PASSPHRASE', 'EVM_PRIVATE_KEY'])
      expect(() => loadConfig({ [name]: 'secret' }), name).toThrow(/Refusing to start/);
  });
});
