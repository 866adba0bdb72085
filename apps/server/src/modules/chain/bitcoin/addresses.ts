import { max } from 'drizzle-orm';
import { users, type Db } from '@hx/db';
import type { DepositSettings } from '../../deposit/settings.ts';
import { p2pkhOn, p2wpkhOn, type XpubChain } from '../../deposit/xpub.ts';
import { BITCOIN_NETWORK } from './config.ts';

/**
 * The users' BTC deposit addresses, grown as users register: each user's key `<xpub>/0/<id>`
 * as native SegWit (shown today) and as P2PKH (shown before; deposits to it still count).
 */
export class BitcoinAddressBook {
  /** Address → user id. */
  readonly owner = new Map<string, number>();
  private xpub: string | null = null;
  private upTo = 0;

  async refresh(db: Db, settings: DepositSettings): Promise<void> {
    const found = settings.resolve('BTC', BITCOIN_NETWORK);
    const chain = found.kind === 'xpub' ? found.chain : null;
    if (!chain) {
      this.owner.clear();
      this.xpub = null;
      return;
    }
    if (chain.key !== this.xpub) {
      this.owner.clear();
      this.upTo = 0;
      this.xpub = chain.key;
    }
    const [row] = await db.select({ last: max(users.id) }).from(users);
    this.extend(chain, row?.last ?? 0);
  }

  private extend(xpub: XpubChain, lastUserId: number) {
    const segwit = p2wpkhOn(xpub.bitcoinChain);
    const legacy = p2pkhOn(xpub.bitcoinChain);
    for (let id = this.upTo + 1; id <= lastUserId; id++) {
      const key = xpub.chain.deriveChild(id).publicKey!;
      this.owner.set(segwit(key), id);
      this.owner.set(legacy(key), id);
    }
    this.upTo = Math.max(this.upTo, lastUserId);
  }
}
