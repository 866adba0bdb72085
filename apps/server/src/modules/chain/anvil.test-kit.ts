import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import {
  createTestClient,
  createWalletClient,
  http,
  pad,
  parseEther,
  publicActions,
  toHex,
  type Hex,
} from 'viem';
import { freePort } from '../../test/free-port.ts';

/**
 * A real local EVM node for the chain tests: anvil (Foundry), whose binary comes from the npm
 * registry (`@foundry-rs/anvil` and its platform package, installed by `npm ci`). Each test file
 * starts its own on a free loopback port and stops it by its pid.
 */

const PLATFORM_PACKAGES: Record<string, string> = {
  'linux-x64': '@foundry-rs/anvil-linux-amd64',
  'linux-arm64': '@foundry-rs/anvil-linux-arm64',
  'darwin-x64': '@foundry-rs/anvil-darwin-amd64',
  'darwin-arm64': '@foundry-rs/anvil-darwin-arm64',
};

function anvilBinary(): string {
  const pkg = PLATFORM_PACKAGES[`${process.platform}-${process.arch}`];
  if (!pkg) throw new Error(`no anvil package for ${process.platform}-${process.arch}`);
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve(`${pkg}/package.json`)), 'bin', 'anvil');
}

/** Anvil's first unlocked account (its well-known development mnemonic). */
export const FUNDED = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' as Hex;

export interface Anvil {
  url: string;
  pid: number;
  /** Test actions (mine, snapshot, revert, setCode…), reads, and sends from unlocked accounts. */
  client: ReturnType<typeof anvilClient>;
  stop(): Promise<void>;
}

const anvilClient = (url: string) =>
  createTestClient({ mode: 'anvil', transport: http(url), cacheTime: 0 })
    .extend(publicActions)
    .extend(() => ({ wallet: createWalletClient({ transport: http(url), cacheTime: 0 }) }));

export async function startAnvil(): Promise<Anvil> {
  const port = await freePort();
  const child: ChildProcess = spawn(
    anvilBinary(),
    ['--host', '127.0.0.1', '--port', String(port), '--silent', '--chain-id', '31337'],
    { stdio: 'ignore' },
  );
  const url = `http://127.0.0.1:${port}`;
  const client = anvilClient(url);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  for (let i = 0; ; i++) {
    try {
      await client.getBlockNumber();
      break;
    } catch (error) {
      if (i > 100 || child.exitCode !== null) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url,
    pid: child.pid!,
    client,
    async stop() {
      if (child.exitCode === null) process.kill(child.pid!, 'SIGTERM');
      await exited;
    },
  };
}

/**
 * `hash` once it is in a block. Anvil answers a send before its block is mined (about one send
 * in ten on a busy machine), so a test that looks at the chain right after must wait for it.
 */
export async function mined(anvil: Anvil, hash: Hex): Promise<Hex> {
  await anvil.client.waitForTransactionReceipt({ hash, pollingInterval: 20 });
  return hash;
}

/** Sends `eth` from the funded account to `to`; answers its hash once it is in a block. */
export async function sendEth(anvil: Anvil, to: Hex, eth: string): Promise<Hex> {
  const hash = await anvil.client.wallet.sendTransaction({
    account: FUNDED,
    chain: null,
    to,
    value: parseEther(eth),
  });
  return mined(anvil, hash);
}

/**
 * A minimal ERC-20, written as EVM bytecode by hand (no compiler here): `transfer(to, amount)`
 * moves `amount` from the caller (balance in the storage slot named by the address) and logs
 * `Transfer(from, to, amount)`; `balanceOf(owner)`. Anything else reverts.
 */
const TRANSFER_TOPIC = 'ddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';
const OPS: Record<string, number> = {
  ADD: 0x01,
  SUB: 0x03,
  LT: 0x10,
  EQ: 0x14,
  SHR: 0x1c,
  CALLER: 0x33,
  CALLDATALOAD: 0x35,
  MSTORE: 0x52,
  SLOAD: 0x54,
  SSTORE: 0x55,
  JUMPI: 0x57,
  JUMPDEST: 0x5b,
  DUP1: 0x80,
  DUP2: 0x81,
  DUP3: 0x82,
  SWAP1: 0x90,
  LOG3: 0xa3,
  RETURN: 0xf3,
  REVERT: 0xfd,
};

/** `PUSH<n> 0x..`, `@label` (a JUMPDEST), `-> label` (PUSH2 of its offset), or an opcode. */
function assemble(program: string[]): Hex {
  const size = (op: string) =>
    op.startsWith('@')
      ? 1
      : op.startsWith('->')
        ? 3
        : op.startsWith('PUSH')
          ? 1 + pushLength(op)
          : 1;
  const pushLength = (op: string) => Number(op.split(' ')[0]!.slice(4));
  const labels = new Map<string, number>();
  let offset = 0;
  for (const op of program) {
    if (op.startsWith('@')) labels.set(op.slice(1), offset);
    offset += size(op);
  }
  const bytes: string[] = [];
  for (const op of program) {
    if (op.startsWith('@')) bytes.push('5b');
    else if (op.startsWith('->'))
      bytes.push('61', labels.get(op.slice(2).trim())!.toString(16).padStart(4, '0'));
    else if (op.startsWith('PUSH')) {
      const [name, value] = op.split(' ') as [string, string];
      const n = pushLength(name);
      bytes.push((0x5f + n).toString(16), value.replace(/^0x/, '').padStart(n * 2, '0'));
    } else bytes.push(OPS[op]!.toString(16).padStart(2, '0'));
  }
  return `0x${bytes.join('')}`;
}

export const TOKEN_CODE = assemble([
  'PUSH1 0x00', 'CALLDATALOAD', 'PUSH1 0xe0', 'SHR', // the selector
  'DUP1', 'PUSH4 0xa9059cbb', 'EQ', '-> transfer', 'JUMPI',
  'DUP1', 'PUSH4 0x70a08231', 'EQ', '-> balance', 'JUMPI',
  '@fail', 'PUSH1 0x00', 'DUP1', 'REVERT',
  '@transfer',
  'PUSH1 0x24', 'CALLDATALOAD', 'CALLER', 'SLOAD', // amount, the caller's balance
  'DUP2', 'DUP2', 'LT', '-> fail', 'JUMPI', // balance < amount: revert
  'DUP2', 'SWAP1', 'SUB', 'CALLER', 'SSTORE', // caller -= amount
  'PUSH1 0x04', 'CALLDATALOAD', 'DUP1', 'SLOAD', 'DUP3', 'ADD', 'SWAP1', 'SSTORE', // to += amount
  'PUSH1 0x00', 'MSTORE', // memory[0] = amount
  'PUSH1 0x04', 'CALLDATALOAD', 'CALLER', `PUSH32 0x${TRANSFER_TOPIC}`,
  'PUSH1 0x20', 'PUSH1 0x00', 'LOG3', // Transfer(caller, to, amount)
  'PUSH1 0x01', 'PUSH1 0x00', 'MSTORE', 'PUSH1 0x20', 'PUSH1 0x00', 'RETURN', // true
  '@balance',
  'PUSH1 0x04', 'CALLDATALOAD', 'SLOAD', 'PUSH1 0x00', 'MSTORE', 'PUSH1 0x20', 'PUSH1 0x00', 'RETURN',
]); // prettier-ignore

/** Places the token at `address` and gives `holder` a balance (in the smallest unit). */
export async function deployToken(anvil: Anvil, address: Hex, holders: Record<Hex, bigint>) {
  await anvil.client.setCode({ address, bytecode: TOKEN_CODE });
  for (const [holder, amount] of Object.entries(holders))
    await anvil.client.setStorageAt({
      address,
      index: pad(holder as Hex),
      value: pad(toHex(amount)),
    });
}
