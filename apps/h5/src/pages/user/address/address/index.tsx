import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { apiPost } from '../../../../api/http.ts';
import { EmptyState } from '../../../../components/EmptyState.tsx';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { Refreshable } from '../../../../components/Refreshable.tsx';
import { copyWithToast } from '../../../../features/wallet/copy.ts';
import { addressesQuery, useCoins } from '../../../../features/wallet/queries.ts';
import type { WithdrawAddress } from '../../../../features/wallet/types.ts';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import { TID } from '../../../../testids.ts';
import '../../../../features/wallet/styles.ts';

/** The saved addresses of one coin; each can be copied or deleted (after a confirmation). */
export default function CoinAddressesPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const currencyId = Number(params.get('currency_id')) || 0;
  const coin = useCoins().find((c) => c.currency_id === currencyId);
  const addresses = useQuery({
    ...addressesQuery(currencyId),
    enabled: currencyId > 0,
    refetchOnMount: 'always',
  });

  const remove = async (address: WithdrawAddress) => {
    const confirmed = await Dialog.confirm({
      title: t('address.deleteTitle'),
      content: <span className="hx-break">{address.address}</span>,
      confirmText: t('address.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await apiPost('wallet/deladdress', { id: address.id });
      Toast.show({ icon: 'success', content: t('address.deleted') });
      await queryClient.invalidateQueries({ queryKey: ['addresses'] });
    } catch {
      // The client has shown why.
    }
  };

  const list = addresses.data?.list ?? [];
  return (
    <PageFrame
      title={t('address.coinTitle', { coin: coin?.name ?? '' })}
      bodyClassName="hx-with-actions"
    >
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
              <div className="hx-break hx-address-text">{a.address}</div>
              <div className="hx-record-actions">
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
