import { useTranslation } from 'react-i18next';
import type { PorLatest } from '@hx/protocol';
import { isSum, unitsToAmount } from '@hx/por';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { shortHash } from './queries.ts';

/** What a user can and cannot conclude from the proof, in plain words. */
export function Limits() {
  const { t } = useTranslation();
  return (
    <section className="hx-proof-limits" data-testid={TID.proof.limits}>
      <h2>{t('proof.canTitle')}</h2>
      <ul>
        <li>{t('proof.can1')}</li>
        <li>{t('proof.can2')}</li>
        <li>{t('proof.can3')}</li>
      </ul>
      <h2>{t('proof.cannotTitle')}</h2>
      <ul>
        <li>{t('proof.cannot1')}</li>
        <li>{t('proof.cannot2')}</li>
        <li>{t('proof.cannot3')}</li>
      </ul>
    </section>
  );
}

/** On-chain balances of the platform's addresses at the snapshot, where a watcher attests them. */
export function Reserves({
  reserves,
  roots,
}: {
  reserves: NonNullable<PorLatest['reserves']>;
  roots: PorLatest['roots'];
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const coin = (id: number) => roots.find((r) => r.currency_id === id);
  return (
    <section className="hx-proof-reserves" data-testid={TID.proof.reserves}>
      <h2>{t('proof.reserves')}</h2>
      <ul>
        {reserves.map((r) => {
          const c = coin(r.currency_id);
          return (
            <li key={`${r.network}:${r.address}:${r.currency_id}`} className="hx-proof-owed">
              <span>
                {r.network} <code className="hx-proof-hash">{shortHash(r.address)}</code>
              </span>
              <span className="hx-proof-sum">
                {c && isSum(r.amount)
                  ? `${floorFormat(unitsToAmount(r.amount, c.decimals), c.decimals, locale)} ${c.name}`
                  : r.amount}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
