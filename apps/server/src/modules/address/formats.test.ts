import { describe, expect, it } from 'vitest';
import { bech32, bech32m, createBase58check } from '@scure/base';
import { sha256 } from '@noble/hashes/sha2.js';
import { depositSettings, parseDepositAddresses } from '../deposit/settings.ts';
import {
  CHECKED_NETWORKS,
  demoAddress,
  isValidAddress,
  normalizeAddress,
  toChecksumAddress,
} from './formats.ts';

const b58c = createBase58check(sha256);
const segwit = (coder: typeof bech32, version: number, bytes: number) =>
  coder.encode('bc', [version, ...coder.toWords(new Uint8Array(bytes).fill(7))]);

const VALID: Record<string, string[]> = {
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // P2PKH
    '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', // P2SH
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', // v0, 20 bytes, bech32
    'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ', // upper case is the same address
    'bc1p5d7rjq7g6rdk2yhzks9smlaqtedr4dekq08ge8ztwac72sfr9rusxg3297', // v1 taproot, bech32m
    segwit(bech32, 0, 32), // v0, 32 bytes (P2WSH)
  ],
  OMNI: ['1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', '3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy'],
  ERC20: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // EIP-55 test vectors
    '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
    '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', // all lower: no checksum to check
    '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED', // all upper: likewise
  ],
  BEP20: ['0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
  TRC20: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t'],
  XRP: ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'],
  SOL: ['So11111111111111111111111111111111111111112'],
  DOGE: ['DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  LTC: ['LQ3B36Yv2rBTxdgAdYpU2UcEZsaNwXeATk'],
  DOT: ['15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'],
  ADA: [
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3x',
  ],
};

const INVALID: Record<string, string[]> = {
  BTC: [
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNb', // checksum
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfN0', // '0' is not base58
    'mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', // testnet
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdr', // checksum
    'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwF5mdq', // mixed case
    'tb1qw508d6qejxtdg4c3zdrz5zz8zwv8p6rdvr5ar4', // testnet prefix
    segwit(bech32m, 0, 20), // v0 must use bech32
    segwit(bech32, 1, 32), // v1 must use bech32m
    segwit(bech32, 0, 25), // v0 program is 20 or 32 bytes
    'LQ3B36Yv2rBTxdgAdYpU2UcEZsaNwXeATk', // Litecoin
    '',
  ],
  OMNI: ['TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed'],
  ERC20: [
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD', // mixed case, wrong checksum (last letter)
    '0x5AAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // mixed case, wrong checksum (second letter)
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeA', // 39 hex digits
    '5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', // no 0x
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeg', // not hex
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
  ],
  BEP20: ['0xd1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb'],
  TRC20: [
    'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u', // checksum
    '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', // a Bitcoin address (version 0x00)
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    b58c.encode(new Uint8Array([0x41, ...new Uint8Array(19).fill(9)])), // 19-byte hash
    b58c.encode(new Uint8Array([0x42, ...new Uint8Array(20).fill(9)])), // wrong version byte
  ],
  XRP: ['rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTi', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  SOL: ['So1111111111111111111111111111111111111111O', 'short'],
  DOGE: ['DH5yaieqoZN36fDVciNyRueRGvGLR3mr7M', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa'],
  LTC: ['LQ3B36Yv2rBTxdgAdYpU2UcEZsaNwXeATz', 'DH5yaieqoZN36fDVciNyRueRGvGLR3mr7L'],
  DOT: [
    '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp6',
    'So11111111111111111111111111111111111111112',
  ],
  ADA: [
    'addr1qx2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgse35a3y',
    'addr_test1qz2fxv2umyhttkxyxp8x0dlpdt3k6cwng5pxj3jhsydzer3n0d3vllmyqwsx5wktcd8cc3sq835lu7drv2xwl2wywfgs68faae',
  ],
};

describe('withdraw address formats', () => {
  it.each(Object.entries(VALID))('accepts valid %s addresses', (network, addresses) => {
    for (const address of addresses)
      expect([network, address, isValidAddress(network, address)]).toEqual([
        network,
        address,
        true,
      ]);
  });

  it.each(Object.entries(INVALID))('refuses invalid %s addresses', (network, addresses) => {
    for (const address of addresses)
      expect([network, address, isValidAddress(network, address)]).toEqual([
        network,
        address,
        false,
      ]);
  });

  it('covers every network the seeded coins use', () => {
    for (const network of [
      'BTC',
      'OMNI',
      'ERC20',
      'BEP20',
      'TRC20',
      'SOL',
      'XRP',
      'DOGE',
      'ADA',
      'LTC',
      'DOT',
    ])
      expect(CHECKED_NETWORKS).toContain(network);
  });

  it('computes EIP-55 checksums and stores one spelling per address', () => {
    expect(toChecksumAddress('5aaeb6053f3e94c9b9a09f33669435e7ef1beaed')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(normalizeAddress('ERC20', '0x5AAEB6053F3E94C9B9A09F33669435E7EF1BEAED')).toBe(
      '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
    );
    expect(normalizeAddress('BTC', 'BC1QAR0SRRR7XFKVY5L643LYDNW9RE59GTZZWF5MDQ')).toBe(
      'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
    );
    expect(normalizeAddress('TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t')).toBe(
      'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
    );
  });

  it('makes valid-format demo addresses for every checked network', () => {
    for (const network of CHECKED_NETWORKS) {
      const address = demoAddress(network, `seed:${network}`);
      expect(address && isValidAddress(network, address)).toBe(true);
    }
    expect(demoAddress('NOPE', 'x')).toBeNull();
  });
});

describe('deposit address configuration', () => {
  it('reads DEPOSIT_ADDRESSES, checking each address against its network', () => {
    const map = parseDepositAddresses(
      ' USDT:TRC20=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t , btc:omni=1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    );
    expect(Object.fromEntries(map)).toEqual({
      'USDT:TRC20': 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      'BTC:OMNI': '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa',
    });
    expect(() => parseDepositAddresses('USDT:TRC20=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u')).toThrow(
      /not a valid TRC20 address/,
    );
    expect(() => parseDepositAddresses('USDT-TRC20')).toThrow(/COIN:NETWORK=address/);
  });

  it('fills gaps with demo addresses in demo mode only, and never invents one in production', () => {
    const env = { DEPOSIT_ADDRESSES: 'USDT:TRC20=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t' };
    const demo = depositSettings('demo', env);
    const production = depositSettings('production', env);
    expect(demo.address('USDT', 'TRC20')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(production.address('usdt', 'trc20')).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(isValidAddress('ERC20', demo.address('USDT', 'ERC20')!)).toBe(true);
    expect(demo.address('USDT', 'ERC20')).toBe(
      depositSettings('demo', {}).address('USDT', 'ERC20'),
    );
    expect(production.address('USDT', 'ERC20')).toBeNull();
    expect(demo.bank?.currency).toBe('USDT');
    expect(production.bank).toBeNull();
    const configured = depositSettings('production', {
      PLATFORM_BANK_ACCOUNT_NUMBER: 'GB33BUKB20201555555555',
      PLATFORM_BANK_NAME: 'Example Bank',
    });
    expect(configured.bank).toMatchObject({
      currency: 'USDT',
      account_number: 'GB33BUKB20201555555555',
      bank_name: 'Example Bank',
    });
  });
});
