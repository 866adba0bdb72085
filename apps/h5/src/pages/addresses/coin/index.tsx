import { useState } from 'react';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ChoiceList, PickerState } from '../../../components/PickerState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { AddressList } from '../../../features/addresses/AddressList.tsx';
import { useCoinAddresses } from '../../../features/addresses/queries.ts';
import { useConfig } from '../../../features/config/queries.ts';
import { AddressLabelSheet } from '../../../features/wallet/AddressLabelSheet.tsx';
import type { WithdrawAddress } from '../../../features/wallet/types.ts';
import { chooseParam, idParam } from '../../../lib/params.ts';
import '../../../features/wallet/styles.ts';

/**
 * The saved addresses of one coin (`?currency_id=`), each under its label; each can be renamed,
 * copied or deleted (after a confirmation). Without a known coin it asks for one.
 */
export default function CoinAddressesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const config = useConfig();
  const coins = config.data?.coins.filter((c) => c.networks.length > 0);
  const choice = chooseParam(idParam(params.get('currency_id')), coins, (c) => c.currency_id);
  const coin = choice.kind === 'chosen' ? choice.item : undefined;
  const currencyId = coin?.currency_id ?? 0;
  const addresses = useCoinAddresses(currencyId);
  const [renaming, setRenaming] = useState<WithdrawAddress | null>(null);

  if (!coin)
    return (
      <PageFrame title={t('address.title')}>
        {choice.kind === 'loading' || !coins ? (
          <div className="hx-placeholder" aria-busy="true" />
        ) : (
          <PickerState
            prompt={t('missing.chooseAddressCoin')}
            note={choice.kind === 'unknown' ? t('missing.unknownCoin') : undefined}
          >
            <ChoiceList
              choices={coins.map((c) => ({ key: c.name, label: c.name }))}
              onPick={(name) => {
                const next = coins.find((c) => c.name === name);
                if (next) setParams({ currency_id: String(next.currency_id) });
              }}
            />
          </PickerState>
        )}
      </PageFrame>
    );

  const list = addresses.data?.list ?? [];
  return (
    <PageFrame title={t('address.coinTitle', { coin: coin.name })} bodyClassName="hx-with-actions">
      <Refreshable onRefresh={() => addresses.refetch()}>
        {addresses.data && list.length === 0 && <EmptyState text={t('address.empty')} />}
        {addresses.isError && <EmptyState text={addresses.error.message} />}
        <AddressList list={list} onRename={setRenaming} />
      </Refreshable>
      <AddressLabelSheet address={renaming} onClose={() => setRenaming(null)} />
      <div className="hx-action-bar">
        <Button
          block
          color="primary"
          onClick={() => navigate(`/pages/user/address/create?currency_id=${currencyId}`)}
        >
          {t('address.add')}
        </Button>
      </div>
    </PageFrame>
  );
}
