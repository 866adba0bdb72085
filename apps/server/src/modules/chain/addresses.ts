import { max } from 'drizzle-orm';
import { users, type Db } from '@hx/db';
import type { DepositSettings } from '../deposit/settings.ts';
import { deriveAddress, type XpubChain } from '../deposit/xpub.ts';
import type { ChainAsset } from './config.ts';

/**
 * How an address is looked up: hex (EVM) addresses ignore case and are kept in lower case;
 * base58 (TRON `T…`) ones are case-sensitive and kept as they are.
 */
export const addressKey = (address: string) =>
  /^0x/i.test(address) ? address.toLowerCase() : address;

/** The users' derived addresses of one xpub, grown as users register. */
class Derived {
  readonly owner = new Map<string, number>();
  private upTo = 0;

  constructor(private readonly chain: XpubChain) {}

  extend(lastUserId: number) {
    for (let id = this.upTo + 1; id <= lastUserId; id++)
      this.owner.set(addressKey(deriveAddress(this.chain, id)), id);
    this.upTo = Math.max(this.upTo, lastUserId);
  }
}

/**
 * Which user owns an address, per coin, for the coins a watcher follows on one network. Only
 * coins whose deposit addresses come from an xpub (`<xpub>/0/<user id>`) are watched: a shared
 * address cannot tell whose a deposit is, so those keep the voucher and review.
 */
export class AddressBook {
  private readonly byXpub = new Map<string, Derived>();
  private current = new Map<string, Derived>();

  constructor(
    private readonly network: string,
    private readonly assets: readonly ChainAsset[],
  ) {}

  /** Brings the book up to date with the settings and the users registered since. */
  async refresh(db: Db, settings: DepositSettings): Promise<void> {
    const [row] = await db.select({ last: max(users.id) }).from(users);
    const last = row?.last ?? 0;
    const next = new Map<string, Derived>();
    for (const asset of this.assets) {
      const found = settings.resolve(asset.coin, this.network);
      if (found.kind !== 'xpub' || !found.chain) continue;
      let derived = this.byXpub.get(found.chain.key);
      if (!derived) this.byXpub.set(found.chain.key, (derived = new Derived(found.chain)));
      derived.extend(last);
      next.set(asset.coin, derived);
    }
    this.current = next;
  }

  /** The coins whose deposits the watcher credits (those with per-user addresses). */
  watchedAssets(): ChainAsset[] {
    return this.assets.filter((a) => this.current.has(a.coin));
  }

  /** Whether any watched coin has this address (in its `addressKey` form). */
  has = (address: string): boolean => {
    for (const derived of this.current.values()) if (derived.owner.has(address)) return true;
    return false;
  };

  /** The user whose address of `coin` this is. */
  owner(coin: string, address: string): number | undefined {
    return this.current.get(coin)?.owner.get(address);
  }
}
