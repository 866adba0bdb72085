import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ChoiceList, PickerState } from '../../../components/PickerState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useConfig } from '../../../features/config/queries.ts';
import { ChargeForm } from '../../../features/wallet/ChargeForm.tsx';
import { depositAddressQuery, type Coin } from '../../../features/wallet/queries.ts';
import { chooseParam, idParam } from '../../../lib/params.ts';
import '../../../features/wallet/styles.ts';

/**
 * "I have paid": the amount and the voucher of a deposit to the address just shown. Opened
 * without a coin or a network (`?currency_id=&network=`), it asks for them first.
 */
export default function ChargePage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const config = useConfig();
  const coins = config.data?.coins.filter((c) => c.networks.length > 0);
  const choice = chooseParam(idParam(params.get('currency_id')), coins, (c) => c.currency_id);
  const coin = choice.kind === 'chosen' ? choice.item : undefined;
  const asked = (params.get('network') ?? '').trim().toUpperCase();
  const network = coin?.networks.find((n) => n === asked);
  const address = useQuery({
    ...depositAddressQuery(coin?.currency_id ?? 0, network ?? ''),
    enabled: network !== undefined,
  });
  // Picks are steps forward: the back arrow returns to the previous question.
  const pick = (next: Coin, name = next.networks.length === 1 ? next.networks[0] : undefined) =>
    setParams({ currency_id: String(next.currency_id), ...(name ? { network: name } : {}) });

  let body;
  if (choice.kind === 'loading' || (!coins && config.isPending)) {
    body = <div className="hx-placeholder" aria-busy="true" />;
  } else if (!coin) {
    body = (
      <PickerState
        prompt={t('missing.chooseDepositCoin')}
        note={choice.kind === 'unknown' ? t('missing.unknownCoin') : undefined}
      >
        <ChoiceList
          choices={(coins ?? []).map((c) => ({
            key: c.name,
            label: c.name,
            extra: c.networks.join(' · '),
          }))}
          onPick={(name) => {
            const next = coins?.find((c) => c.name === name);
            if (next) pick(next);
          }}
        />
      </PickerState>
    );
  } else if (!network) {
    body = (
      <PickerState
        prompt={t('missing.chooseNetwork', { coin: coin.name })}
        note={asked ? t('deposit.unknownNetwork') : undefined}
      >
        <ChoiceList
          choices={coin.networks.map((n) => ({ key: n, label: n }))}
          onPick={(name) => pick(coin, name)}
        />
      </PickerState>
    );
  } else {
    body = (
      <div className="hx-form">
        <p className="hx-charge-head">
          {coin.name} · {network}
        </p>
        {address.data && (
          <p className="hx-deposit-address hx-charge-address">{address.data.address}</p>
        )}
        <ChargeForm
          currencyId={coin.currency_id}
          coin={coin.name}
          decimals={coin.decimals}
          network={network}
          min={address.data?.min}
        />
      </div>
    );
  }
  return <PageFrame title={t('deposit.chargeTitle')}>{body}</PageFrame>;
}
