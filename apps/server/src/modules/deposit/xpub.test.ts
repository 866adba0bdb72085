import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { pbkdf2 } from '@noble/hashes/pbkdf2.js';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';
import { createBase58check } from '@scure/base';
import { HDKey } from '@scure/bip32';
import { freshDatabase } from '@hx/db';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { call } from '../../test/harness.ts';
import { isValidAddress } from '../address/formats.ts';
import { auth, moneyApp, seedUser, type MoneyApp } from '../wallet/test-kit.ts';
import { depositSettings } from './settings.ts';
import {
  deriveAddress,
  evmAddress,
  p2pkhAddress,
  parseDepositXpubs,
  parseXpub,
  tronAddress,
} from './xpub.ts';

/** BIP32 test vector 1 (seed 000102…0f): master keys, and m/0H and m/0H/1. */
const V1_SEED = hexToBytes('000102030405060708090a0b0c0d0e0f');
const V1_XPUB =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TMg7usUDFdp6W1EGMcet8';
/** V1_XPUB with its last 22 characters mistyped: the checksum catches it. */
const V1_XPUB_TYPO =
  'xpub661MyMwAqRbcFtXgS5sYJABqqG9YLmC4Q1Rdap9gSE8NqtwybGhePY2gZ29ESFjqJoCu1Rupje8YtGqsefD265TAg7zb4qyyDt1pmDXhPg';
const V1_XPRV =
  'xprv9s21ZrQH143K3QTDL4LXw2F7HEK3wJUD2nW2nRk4stbPy6cq3jPPqjiChkVvvNKmPGJxWUtg6LnF5kejMRNNU3TGtRBeJgk33yuGBxrMPHi';
const V1_0H_XPUB =
  'xpub68Gmy5EdvgibQVfPdqkBBCHxA5htiqg55crXYuXoQRKfDBFA1WEjWgP6LHhwBZeNK1VTsfTFUHCdrfp1bgwQ9xv5ski8PX9rL2dZXvgGDnw';
const V1_0H_1_XPUB =
  'xpub6ASuArnXKPbfEwhqN6e3mwBcDTgzisQN1wXN9BJcM47sSikHjJf3UFHKkNAWbWMiGj7Wf5uMash7SyYq527Hqck2AxYysAA7xmALppuCkwQ';

/** The private key 1: its public key is the generator point. */
const KEY_ONE = hexToBytes(`${'00'.repeat(31)}01`);

/** BIP39 seed of the mnemonic 'abandon … about' (empty passphrase), computed as BIP39 says. */
const abandonSeed = () =>
  pbkdf2(sha512, utf8ToBytes(`${'abandon '.repeat(11)}about`), utf8ToBytes('mnemonic'), {
    c: 2048,
    dkLen: 64,
  });

describe('address encoders on a known key', () => {
  const publicKey = secp256k1.getPublicKey(KEY_ONE, true);

  it('makes the P2PKH address of the compressed key', () => {
    expect(bytesToHex(publicKey)).toBe(
      '0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    );
    expect(p2pkhAddress(publicKey)).toBe('1BgGZ9tcN4rm9KBzDn7KprQz87SZ26SAMH');
    expect(isValidAddress('OMNI', p2pkhAddress(publicKey))).toBe(true);
  });

  it('makes the EIP-55 Ethereum address from the uncompressed key', () => {
    expect(evmAddress(publicKey)).toBe('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf');
    // Either form of the key gives the same account.
    expect(evmAddress(secp256k1.getPublicKey(KEY_ONE, false))).toBe(evmAddress(publicKey));
    expect(isValidAddress('ERC20', evmAddress(publicKey))).toBe(true);
  });

  it('makes the Tron address: base58check(0x41 ‖ the same 20 bytes)', () => {
    const address = tronAddress(publicKey);
    expect(address.startsWith('T')).toBe(true);
    expect(isValidAddress('TRC20', address)).toBe(true);
    const payload = createBase58check(sha256).decode(address);
    expect(bytesToHex(payload)).toBe('417e5f4552091a69125d5dfcb7b8c2659029395bdf');
  });
});

describe('derivation from an xpub', () => {
  it('reads the BIP32 test vector 1 keys and derives publicly as the spec does', () => {
    const master = HDKey.fromMasterSeed(V1_SEED);
    expect(master.publicExtendedKey).toBe(V1_XPUB);
    expect(master.privateExtendedKey).toBe(V1_XPRV);
    expect(master.derive("m/0'").publicExtendedKey).toBe(V1_0H_XPUB);
    // m/0H/1 from the public m/0H alone: the non-hardened step needs no private key.
    expect(HDKey.fromExtendedKey(V1_0H_XPUB).deriveChild(1).publicExtendedKey).toBe(V1_0H_1_XPUB);
  });

  it('derives <xpub>/0/<id>: the public key of the private derivation', () => {
    const master = HDKey.fromMasterSeed(V1_SEED);
    for (const network of ['OMNI', 'BTC', 'ERC20', 'BEP20', 'TRC20']) {
      const xpub = parseXpub(`USDT:${network}`, network, V1_XPUB);
      for (const id of [0, 1, 7, 123_456, 2 ** 31 - 1]) {
        const expected = master.derive(`m/0/${id}`).publicKey!;
        const encode = { OMNI: p2pkhAddress, BTC: p2pkhAddress, TRC20: tronAddress }[network];
        const address = deriveAddress(xpub, id);
        expect(address).toBe((encode ?? evmAddress)(expected));
        expect(isValidAddress(network, address)).toBe(true);
      }
    }
  });

  it('matches the well-known BIP44 addresses of the abandon…about wallet', () => {
    const root = HDKey.fromMasterSeed(abandonSeed());
    // USDT on Omni keeps P2PKH (BIP 44); BTC itself is native SegWit (BIP 84's vector).
    const omni = parseXpub('USDT:OMNI', 'OMNI', root.derive("m/44'/0'/0'").publicExtendedKey);
    expect(deriveAddress(omni, 0)).toBe('1LqBGSKuX5yYUonjxT5qGfpUsXKYYWeabA');
    const btc = parseXpub('BTC:OMNI', 'OMNI', root.derive("m/84'/0'/0'").publicExtendedKey);
    expect(deriveAddress(btc, 0)).toBe('bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu');
    const regtest = parseXpub('BTC:OMNI', 'OMNI', btc.key, 'regtest');
    expect(deriveAddress(regtest, 0)).toMatch(/^bcrt1q/);
    expect(isValidAddress('OMNI', deriveAddress(regtest, 0))).toBe(false);
    expect(isValidAddress('OMNI', deriveAddress(regtest, 0), 'regtest')).toBe(true);
    const eth = parseXpub('ETH:ERC20', 'ERC20', root.derive("m/44'/60'/0'").publicExtendedKey);
    expect(deriveAddress(eth, 0)).toBe('0x9858EfFD232B4033E47d90003D41EC34EcaEda94');
  });

  it("takes a test network's tpub on a test network only, deriving its tb1/bcrt1 addresses", () => {
    const testnet = { private: 0x04358394, public: 0x043587cf };
    const account = HDKey.fromMasterSeed(abandonSeed(), testnet).derive("m/84'/1'/0'");
    const tpub = account.publicExtendedKey;
    expect(tpub).toMatch(/^tpub/);
    const btc = parseXpub('BTC:OMNI', 'OMNI', tpub, 'testnet');
    // BIP 84's first receive address of this wallet on testnet, and the private key's own.
    expect(deriveAddress(btc, 0)).toBe('tb1q6rz28mcfaxtmd6v789l9rrlrusdprr9pqcpvkl');
    expect(deriveAddress(parseXpub('BTC:OMNI', 'OMNI', tpub, 'regtest'), 0)).toMatch(/^bcrt1q/);
    expect(() => parseXpub('BTC:OMNI', 'OMNI', tpub)).toThrow(/test network key/);
    expect(() => parseXpub('BTC:OMNI', 'OMNI', account.privateExtendedKey, 'testnet')).toThrow(
      /PRIVATE/,
    );
  });

  it('gives one address per user, the same every time', () => {
    const xpub = parseXpub('USDT:TRC20', 'TRC20', V1_XPUB);
    const addresses = new Set([1, 2, 3, 4, 5].map((id) => deriveAddress(xpub, id)));
    expect(addresses.size).toBe(5);
    expect(deriveAddress(xpub, 3)).toBe(deriveAddress(parseXpub('x', 'TRC20', V1_XPUB), 3));
    expect(() => deriveAddress(xpub, 2 ** 31)).toThrow(/out of range/);
    expect(() => deriveAddress(xpub, -1)).toThrow(/out of range/);
  });
});

describe('DEPOSIT_XPUBS', () => {
  it('reads COIN:NETWORK=xpub entries', () => {
    const map = parseDepositXpubs(` usdt:trc20=${V1_XPUB} , BTC:OMNI=${V1_0H_XPUB}`);
    expect([...map.keys()]).toEqual(['USDT:TRC20', 'BTC:OMNI']);
    expect(map.get('USDT:TRC20')!.network).toBe('TRC20');
    expect(parseDepositXpubs(undefined).size).toBe(0);
    expect(parseDepositXpubs('').size).toBe(0);
  });

  it('refuses a private key loudly, without repeating it', () => {
    for (const value of [`USDT:TRC20=${V1_XPRV}`, `USDT-TRC20=${V1_XPRV}`]) {
      let message = '';
      try {
        parseDepositXpubs(value);
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toMatch(/DEPOSIT_XPUBS/);
      expect(message).not.toContain(V1_XPRV.slice(4, 20));
    }
    expect(() => parseDepositXpubs(`USDT:TRC20=${V1_XPRV}`)).toThrow(/PRIVATE extended key/);
    // A private key under a public version prefix is refused after parsing too.
    expect(() => parseXpub('USDT:TRC20', 'TRC20', `tprv${V1_XPRV.slice(4)}`)).toThrow(/PRIVATE/);
  });

  it('refuses bad entries, unsupported networks and duplicates', () => {
    expect(() => parseDepositXpubs('USDT:TRC20=xpubNOTAKEY')).toThrow(
      /USDT:TRC20 is not a valid mainnet xpub/,
    );
    expect(() => parseDepositXpubs(`USDT:TRC20=${V1_XPUB_TYPO}`)).toThrow(
      /not a valid mainnet xpub \(Invalid checksum\)/,
    );
    expect(() => parseDepositXpubs(`SOL:SOL=${V1_XPUB}`)).toThrow(/cannot be derived/);
    expect(() => parseDepositXpubs('USDT:TRC20')).toThrow(/COIN:NETWORK=xpub/);
    expect(() => parseDepositXpubs(`USDT:TRC20=${V1_XPUB},usdt:trc20=${V1_0H_XPUB}`)).toThrow(
      /more than once/,
    );
  });

  it('takes precedence over the shared address for its coin and network only', () => {
    const settings = depositSettings('production', {
      DEPOSIT_ADDRESSES: 'USDT:TRC20=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      DEPOSIT_XPUBS: `USDT:ERC20=${V1_XPUB}`,
    });
    expect(settings.userAddress('USDT', 'TRC20', 5)).toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
    expect(settings.userAddress('usdt', 'erc20', 5)).toBe(
      evmAddress(HDKey.fromMasterSeed(V1_SEED).derive('m/0/5').publicKey!),
    );
    expect(settings.userAddress('BTC', 'OMNI', 5)).toBeNull();
    const both = depositSettings('production', {
      DEPOSIT_ADDRESSES: 'USDT:TRC20=TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
      DEPOSIT_XPUBS: `USDT:TRC20=${V1_XPUB}`,
    });
    expect(both.userAddress('USDT', 'TRC20', 5)).not.toBe('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t');
  });
});

describe('wallet/get_in_address with DEPOSIT_XPUBS', () => {
  let t: MoneyApp;
  beforeAll(async () => {
    t = await moneyApp({ mode: 'production', depositXpubs: `USDT:TRC20=${V1_XPUB}` });
  });
  afterAll(() => t.close());

  const addressOf = async (token: string, network = 'TRC20') => {
    const { status, body } = await call(
      t.app,
      'POST',
      'wallet/get_in_address',
      { currency_id: '3', network },
      auth(token),
    );
    return { status, body };
  };

  it('gives each user their own address, the same every time', async () => {
    const one = await seedUser(t);
    const two = await seedUser(t);
    const a1 = (await addressOf(one.token)).body.message;
    const a2 = (await addressOf(two.token)).body.message;
    expect(a1).toMatchObject({ currency_id: 3, network: 'TRC20' });
    expect(isValidAddress('TRC20', a1.address)).toBe(true);
    expect(isValidAddress('TRC20', a2.address)).toBe(true);
    expect(a1.address).not.toBe(a2.address);
    expect((await addressOf(one.token)).body.message.address).toBe(a1.address);
    const master = HDKey.fromMasterSeed(V1_SEED);
    expect(a1.address).toBe(tronAddress(master.derive(`m/0/${one.id}`).publicKey!));
    // Networks without an xpub keep the shared address: none configured in production.
    expect((await addressOf(one.token, 'ERC20')).body.code).toBe('DEPOSIT_UNAVAILABLE');
  });

  it('refuses to start with a private key in DEPOSIT_XPUBS', async () => {
    const database = await freshDatabase();
    try {
      const config = { ...loadConfig({}), depositXpubs: `USDT:TRC20=${V1_XPRV}` };
      await expect(buildApp({ config, database })).rejects.toThrow(/PRIVATE extended key/);
    } finally {
      await database.close();
    }
  });
});
