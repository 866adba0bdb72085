import { Dialog, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../cache/refresh.ts';
import { copyWithToast } from '../wallet/copy.ts';
import type { WithdrawAddress } from '../wallet/types.ts';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { TID } from '../../testids.ts';
import '../wallet/styles.ts';
import '../protection/protection.css';
import { deleteAddress } from './queries.ts';
import { networkName } from '../wallet/networkName.ts';

/**
 * Saved addresses, each under its label, with its network, when it becomes usable (if not yet),
 * and rename, copy and delete (after a confirmation).
 */
export function AddressList({
  list,
  onRename,
}: {
  list: WithdrawAddress[];
  onRename: (address: WithdrawAddress) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();

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
      await deleteAddress(address.id);
      Toast.show({ icon: 'success', content: t('address.deleted') });
      await refresh(queryClient, 'addresses');
    } catch {
      // The client has shown why.
    }
  };

  return (
    <ul className="hx-records">
      {list.map((a) => (
        <li key={a.id} className="hx-record" data-testid={TID.address.item(a.id)}>
          <div className="hx-record-line">
            <span className="hx-record-network">{networkName(a.name, a.network)}</span>
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
              onClick={() => onRename(a)}
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
  );
}
