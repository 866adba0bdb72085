import {
  createCipheriv,
  createDecipheriv,
  pbkdf2Sync,
  randomBytes,
  randomUUID,
  scryptSync,
  timingSafeEqual,
} from 'node:crypto';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { privateKeyToAddress } from 'viem/accounts';
import type { Hex } from 'viem';

/**
 * The hot wallet's key at rest: an Ethereum V3 keystore (the format geth, Foundry's `cast wallet`
 * and MetaMask export), scrypt or PBKDF2 over the passphrase, AES-128-CTR, a Keccak MAC. Only the
 * signer process reads it; the passphrase comes from its own environment.
 */
export interface Keystore {
  version: 3;
  id: string;
  address: string;
  crypto: {
    cipher: 'aes-128-ctr';
    ciphertext: string;
    cipherparams: { iv: string };
    kdf: 'scrypt' | 'pbkdf2';
    kdfparams: {
      dklen: number;
      salt: string;
      n?: number;
      r?: number;
      p?: number;
      c?: number;
      prf?: string;
    };
    mac: string;
  };
}

export class KeystoreError extends Error {}

function derive(passphrase: string, params: Keystore['crypto']): Buffer {
  const { kdf, kdfparams: k } = params;
  const salt = Buffer.from(k.salt, 'hex');
  if (kdf === 'scrypt') {
    const n = k.n ?? 0;
    const r = k.r ?? 8;
    const p = k.p ?? 1;
    return scryptSync(passphrase, salt, k.dklen, { N: n, r, p, maxmem: 256 * n * r + 1024 * 1024 });
  }
  if (kdf === 'pbkdf2' && k.prf === 'hmac-sha256')
    return pbkdf2Sync(passphrase, salt, k.c ?? 0, k.dklen, 'sha256');
  throw new KeystoreError(`keystore: unsupported key derivation ${kdf}`);
}

const macOf = (key: Buffer, ciphertext: Buffer) =>
  Buffer.from(keccak_256(Buffer.concat([key.subarray(16, 32), ciphertext])));

/** The private key inside; a wrong passphrase (the MAC does not match) is refused. */
export function decryptKeystore(json: string, passphrase: string): Hex {
  let store: Keystore;
  try {
    store = JSON.parse(json) as Keystore;
  } catch {
    throw new KeystoreError('keystore: not JSON');
  }
  const c = store.crypto ?? (store as unknown as { Crypto: Keystore['crypto'] }).Crypto;
  if (store.version !== 3 || !c || c.cipher !== 'aes-128-ctr')
    throw new KeystoreError('keystore: not a version 3 keystore with aes-128-ctr');
  const key = derive(passphrase, c);
  const ciphertext = Buffer.from(c.ciphertext, 'hex');
  const mac = Buffer.from(c.mac, 'hex');
  const expected = macOf(key, ciphertext);
  if (mac.length !== expected.length || !timingSafeEqual(mac, expected))
    throw new KeystoreError('keystore: wrong passphrase');
  const decipher = createDecipheriv(
    'aes-128-ctr',
    key.subarray(0, 16),
    Buffer.from(c.cipherparams.iv, 'hex'),
  );
  const secret = Buffer.concat([decipher.update(ciphertext), decipher.final()]);
  const privateKey = `0x${secret.toString('hex')}` as Hex;
  if (store.address && privateKeyToAddress(privateKey).slice(2).toLowerCase() !== store.address)
    throw new KeystoreError('keystore: the key does not match its address');
  return privateKey;
}

/** Encrypts `privateKey`; scrypt N 2^18 unless told (tests use a small one). */
export function encryptKeystore(privateKey: Hex, passphrase: string, n = 2 ** 18): Keystore {
  const salt = randomBytes(32);
  const iv = randomBytes(16);
  const crypto: Keystore['crypto'] = {
    cipher: 'aes-128-ctr',
    ciphertext: '',
    cipherparams: { iv: iv.toString('hex') },
    kdf: 'scrypt',
    kdfparams: { dklen: 32, n, r: 8, p: 1, salt: salt.toString('hex') },
    mac: '',
  };
  const key = derive(passphrase, crypto);
  const cipher = createCipheriv('aes-128-ctr', key.subarray(0, 16), iv);
  const ciphertext = Buffer.concat([
    cipher.update(Buffer.from(privateKey.slice(2), 'hex')),
    cipher.final(),
  ]);
  crypto.ciphertext = ciphertext.toString('hex');
  crypto.mac = macOf(key, ciphertext).toString('hex');
  return {
    version: 3,
    id: randomUUID(),
    address: privateKeyToAddress(privateKey).slice(2).toLowerCase(),
    crypto,
  };
}
