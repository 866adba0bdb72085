// The signer process (`npm run signer`): holds the hot wallet's key and pays the withdrawals that
// operators passed on networks with EVM_HOT_WALLET. The API server never sees the key.
// `npm run signer -- new-keystore <file>` makes a new key, encrypted with SIGNER_PASSPHRASE.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { openDatabase } from '@hx/db';
import { Periodic } from './lib/periodic.ts';
import { readChainNetworks } from './modules/chain/config.ts';
import { evmClient } from './modules/chain/evm.ts';
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

if (process.argv[2] === 'new-keystore') {
  const file = process.argv[3];
  if (!file) stop('name the keystore file: npm run signer -- new-keystore <file>');
  if (existsSync(file)) stop(`${file} exists; refusing to overwrite a key`);
  const store = encryptKeystore(generatePrivateKey(), passphrase());
  writeFileSync(file, JSON.stringify(store), { mode: 0o600, flag: 'wx' });
  console.log(`keystore written to ${file}\nhot wallet address: 0x${store.address}`);
  console.log('set EVM_HOT_WALLET to this address on the API server and the signer');
  process.exit(0);
}

let networks;
try {
  networks = readChainNetworks(env).filter((n) => n.hotWallet);
} catch (error) {
  stop((error as Error).message);
}
if (!networks.length) stop('no network to pay on: set EVM_RPC_URL and EVM_HOT_WALLET');
if (!env.DATABASE_URL)
  stop(
    'DATABASE_URL: the signer shares the PostgreSQL database (the embedded one is the server’s)',
  );
if (!env.SIGNER_KEYSTORE) stop('SIGNER_KEYSTORE: the keystore file of the hot wallet');
let account;
try {
  account = privateKeyToAccount(
    decryptKeystore(readFileSync(env.SIGNER_KEYSTORE, 'utf8'), passphrase()),
  );
} catch (error) {
  stop((error as Error).message);
}
delete env.SIGNER_PASSPHRASE;
const database = await openDatabase({ url: env.DATABASE_URL });
const jobs: Periodic[] = [];
for (const network of networks) {
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

async function close() {
  await Promise.all(jobs.map((j) => j.stop()));
  await database.close();
  process.exit(0);
}
process.on('SIGINT', () => void close());
process.on('SIGTERM', () => void close());
