import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/call.ts';
import { refresh } from '../../../cache/refresh.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { ChoiceList, PickerState } from '../../../components/PickerState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { useConfig } from '../../../features/config/queries.ts';
import { AddressLabelSheet } from '../../../features/wallet/AddressLabelSheet.tsx';
import { copyWithToast } from '../../../features/wallet/copy.ts';
import { addressesQuery } from '../../../features/wallet/queries.ts';
import type { WithdrawAddress } from '../../../features/wallet/types.ts';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { chooseParam, idParam } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/protection/protection.css';

/**
 * The saved addresses of one coin (`?currency_id=`), each under its label; each can be renamed,
 * copied or deleted (after a confirmation). Without a known coin it asks for one.
 */
export default function CoinAddressesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const config = useConfig();
  const coins = config.data?.coins.filter((c) => c.networks.length > 0);
  const choice = chooseParam(idParam(params.get('currency_id')), coins, (c) => c.currency_id);
  const coin = choice.kind === 'chosen' ? choice.item : undefined;
  const currencyId = coin?.currency_id ?? 0;
  const addresses = useQuery({
    ...addressesQuery(currencyId),
    enabled: currencyId > 0,
    refetchOnMount: 'always',
  });
  const [renaming, setRenaming] = useState<WithdrawAddress | null>(null);

  const remove = async (address: WithdrawAddress) => {
    const confirmed = await Dialog.confirm({
      title: t('address.deleteTitle'),
      content: (
        <span className="hx-break">
          {address.label && <strong className="hx-address-label">{address.label}</strong>}
          {address.address}
        </span>
      ),
      confirmText: t('address.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await call('addressDelete', { id: address.id });
      Toast.show({ icon: 'success', content: t('address.deleted') });
      await refresh(queryClient, 'addresses');
    } catch {
      // The client has shown why.
    }
  };

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
        <ul className="hx-records">
          {list.map((a) => (
            <li key={a.id} className="hx-record" data-testid={TID.address.item(a.id)}>
              <div className="hx-record-line">
                <span className="hx-record-network">{a.network}</span>
                <span className="hx-record-meta">{formatTime(a.created_at, locale, 'date')}</span>
              </div>
              {a.label && (
                <div className="hx-address-label" data-testid={TID.address.label(a.id)}>
                  {a.label}
                </div>
              )}
              <div className="hx-break hx-address-text">{a.address}</div>
              {a.usable_at && (
                <div className="hx-address-pending" data-testid={TID.protection.usableAt(a.id)}>
                  {t('protection.usableFrom', { time: formatTime(a.usable_at, locale) })}
                </div>
              )}
              <div className="hx-record-actions">
                <button
                  type="button"
                  className="hx-link-button"
                  onClick={() => setRenaming(a)}
                  data-testid={TID.address.rename(a.id)}
                >
                  {t(a.label ? 'address.rename' : 'address.addLabel')}
                </button>
                <button
                  type="button"
                  className="hx-link-button"
                  onClick={() =>
                    void copyWithToast(a.address, t('common.copied'), t('common.copyFailed'))
                  }
                >
                  {t('common.copy')}
                </button>
                <button
                  type="button"
                  className="hx-link-button hx-danger-link"
                  onClick={() => void remove(a)}
                  data-testid={TID.address.delete(a.id)}
                >
                  {t('address.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
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
