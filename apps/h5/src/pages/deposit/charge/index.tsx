import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ChargeForm } from '../../../features/wallet/ChargeForm.tsx';
import { depositAddressQuery, useCoins } from '../../../features/wallet/queries.ts';
import '../../../features/wallet/styles.ts';

/** "I have paid": the amount and the voucher of a deposit to the address just shown. */
export default function ChargePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const currencyId = Number(params.get('currency_id'));
  const network = (params.get('network') ?? '').toUpperCase();
  const coin = useCoins().find((c) => c.currency_id === currencyId);
  const valid = Boolean(coin?.networks.includes(network));
  const address = useQuery({
    ...depositAddressQuery(currencyId, network),
    enabled: valid,
  });
  return (
    <PageFrame title={t('deposit.chargeTitle')}>
      {coin && !valid && <EmptyState text={t('deposit.unknownNetwork')} />}
      {coin && valid && (
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
      )}
    </PageFrame>
  );
}
