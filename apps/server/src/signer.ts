// The signer process (`npm run signer`): holds the hot wallet's key and pays the withdrawals that
// operators passed on networks with EVM_HOT_WALLET or TRON_HOT_WALLET (the same secp256k1 key:
// its TRON address is 0x41 and its EVM account, in base58check). The API server never sees it.
// `npm run signer -- new-keystore <file>` makes a new key, encrypted with SIGNER_PASSPHRASE.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openDatabase } from '@hx/db';
import { Periodic } from './lib/periodic.ts';
import { readChainNetworks, type ChainNetworkConfig } from './modules/chain/config.ts';
import { evmClient } from './modules/chain/evm.ts';
import { hexToTron } from './modules/chain/tron/address.ts';
import { decryptKeystore, encryptKeystore } from './modules/chain/signer/keystore.ts';
import { Payer } from './modules/chain/signer/payer.ts';

const env = process.env;
const log = {
  info: (o: object, m: string) => console.log(JSON.stringify({ level: 'info', msg: m, ...o })),
  warn: (o: object, m: string) => console.warn(JSON.stringify({ level: 'warn', msg: m, ...o })),
};

function stop(message: string): never {
  console.error(`signer not starting: ${message}`);
  process.exit(1);
}

function passphrase(): string {
  const value = env.SIGNER_PASSPHRASE_FILE
    ? readFileSync(env.SIGNER_PASSPHRASE_FILE, 'utf8').replace(/\r?\n$/, '')
    : env.SIGNER_PASSPHRASE;
  if (!value || value.length < 12) stop('SIGNER_PASSPHRASE (or _FILE) of 12 characters at least');
  return value;
}

/** The Bitcoin hot wallet's seed: the 32-byte secret of its keystore (SIGNER_KEYSTORE unless set). */
function bitcoinSeed(): Uint8Array {
  const file = env.BTC_SIGNER_KEYSTORE || env.SIGNER_KEYSTORE;
  if (!file)
    stop('BTC_SIGNER_KEYSTORE (or SIGNER_KEYSTORE): the keystore of the Bitcoin hot wallet');
  try {
    const secret = decryptKeystore(readFileSync(file, 'utf8'), passphrase());
    return Uint8Array.from(Buffer.from(secret.slice(2), 'hex'));
  } catch (error) {
    stop((error as Error).message);
  }
}

if (process.argv[2] === 'bitcoin-xpub') {
  const { hotAccount } = await import('./modules/chain/bitcoin/coins.ts');
  const { bitcoinChainOf } = await import('./modules/address/bitcoin-network.ts');
  const xpub = hotAccount(bitcoinSeed(), bitcoinChainOf(env.BTC_NETWORK)).publicExtendedKey;
  console.log(`set BTC_HOT_WALLET_XPUB=${xpub} on the API server and the signer`);
  process.exit(0);
}

if (process.argv[2] === 'new-keystore') {
  const file = process.argv[3];
  if (!file) stop('name the keystore file: npm run signer -- new-keystore <file>');
  if (existsSync(file)) stop(`${file} exists; refusing to overwrite a key`);
  const store = encryptKeystore(generatePrivateKey(), passphrase());
  writeFileSync(file, JSON.stringify(store), { mode: 0o600, flag: 'wx' });
  console.log(`keystore written to ${file}\nhot wallet address: 0x${store.address}`);
  console.log(`on TRON: ${hexToTron(store.address)}`);
  console.log(
    'set EVM_HOT_WALLET (TRON_HOT_WALLET) to this address on the API server and the signer',
  );
  process.exit(0);
}

let networks;
try {
  networks = readChainNetworks(env).filter((n) => n.hotWallet);
} catch (error) {
  stop((error as Error).message);
}
if (!networks.length)
  stop(
    'no network to pay on: set EVM_RPC_URL and EVM_HOT_WALLET (or TRON_RPC_URL and TRON_HOT_WALLET)',
  );
if (!env.DATABASE_URL)
  stop(
    'DATABASE_URL: the signer shares the PostgreSQL database (the embedded one is the server’s)',
  );
if (!env.SIGNER_KEYSTORE) stop('SIGNER_KEYSTORE: the keystore file of the hot wallet');
let account;
let privateKey;
try {
  privateKey = decryptKeystore(readFileSync(env.SIGNER_KEYSTORE, 'utf8'), passphrase());
  account = privateKeyToAccount(privateKey);
} catch (error) {
  stop((error as Error).message);
}
const btcSeed = networks.some((n) => n.kind === 'bitcoin') ? bitcoinSeed() : null;
delete env.SIGNER_PASSPHRASE;
const database = await openDatabase({ url: env.DATABASE_URL });
const jobs: Periodic[] = [];
for (const network of networks) {
  if (network.kind === 'bitcoin') {
    jobs.push(await startBitcoinPayer(network, btcSeed!));
    continue;
  }
  if (network.kind === 'tron') {
    jobs.push(await startTronPayer(network, privateKey, account.address));
    continue;
  }
  if (account.address.toLowerCase() !== network.hotWallet)
    stop(`the keystore holds ${account.address}, but EVM_HOT_WALLET is ${network.hotWallet}`);
  const client = evmClient(network.rpcUrl);
  const payer = new Payer(database.db, network, client, account, await client.getChainId(), {
    stuckMs: Number(env.SIGNER_STUCK_MS || 180_000),
    now: () => new Date(),
    log,
  });
  const job = new Periodic(
    () => payer.runOnce(),
    (err) => log.warn({ err: String(err), network: network.network }, 'signer round failed'),
  );
  job.start(Number(env.SIGNER_POLL_MS || 5000), { immediately: true });
  jobs.push(job);
  log.info({ network: network.network, address: account.address }, 'signer running');
}

/** TRON's payer: its own HTTP API client; the modules load only when TRON is configured. */
async function startTronPayer(network: ChainNetworkConfig, key: Hex, evmAccount: string) {
  const [{ TronApi }, { TronAdapter }, { TronPayer }] = await Promise.all([
    import('./modules/chain/tron/api.ts'),
    import('./modules/chain/tron/adapter.ts'),
    import('./modules/chain/tron/payer.ts'),
  ]);
  const address = hexToTron(evmAccount);
  if (address !== network.hotWallet)
    stop(`the keystore holds ${address} on TRON, but TRON_HOT_WALLET is ${network.hotWallet}`);
  const payer = new TronPayer(
    database.db,
    network,
    new TronApi(network.tron!.apiUrl!),
    new TronAdapter(network),
    key,
    { now: () => new Date(), log },
  );
  const job = new Periodic(
    () => payer.runOnce(),
    (err) => log.warn({ err: String(err), network: network.network }, 'signer round failed'),
  );
  job.start(Number(env.SIGNER_POLL_MS || 5000), { immediately: true });
  log.info({ network: network.network, address }, 'signer running');
  return job;
}

/** Bitcoin's payer: the hot wallet's BIP 84 account from its keystore's seed. */
async function startBitcoinPayer(network: ChainNetworkConfig, seed: Uint8Array) {
  const [{ hotAccount }, { BitcoinPayer }] = await Promise.all([
    import('./modules/chain/bitcoin/coins.ts'),
    import('./modules/chain/bitcoin/payer.ts'),
  ]);
  const settings = network.bitcoin!;
  const account = hotAccount(seed, settings.chain);
  if (account.publicExtendedKey !== settings.hotXpub)
    stop('the Bitcoin keystore does not hold BTC_HOT_WALLET_XPUB (npm run signer -- bitcoin-xpub)');
  const payer = new BitcoinPayer(database.db, network, account, { now: () => new Date(), log });
  const job = new Periodic(
    () => payer.runOnce(),
    (err) => log.warn({ err: String(err), network: network.network }, 'signer round failed'),
  );
  job.start(Number(env.BTC_SIGNER_POLL_MS || 30_000), { immediately: true });
  log.info({ network: network.network, address: network.hotWallet }, 'signer running');
  return job;
}

async function close() {
  await Promise.all(jobs.map((j) => j.stop()));
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
