import { Dialog, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../cache/refresh.ts';
import type { BankCard } from '../wallet/types.ts';
import { TID } from '../../testids.ts';
import '../wallet/styles.ts';
import { deleteBankCard } from './queries.ts';

/** The user's bank cards; each can be deleted after a confirmation. */
export function BankCardList({ list }: { list: BankCard[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();

  const remove = async (card: BankCard) => {
    const confirmed = await Dialog.confirm({
      title: t('bank.deleteTitle'),
      content: `${card.bank_name} **** ${card.card_number.slice(-4)}`,
      confirmText: t('bank.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await deleteBankCard(card.id);
      Toast.show({ icon: 'success', content: t('bank.deleted') });
      await refresh(queryClient, 'bankCards');
    } catch {
      // The client has shown why.
    }
  };

  return (
    <ul className="hx-bank-cards">
      {list.map((card) => (
        <li key={card.id} className="hx-bank-card" data-testid={TID.bank.item(card.id)}>
          <div className="hx-bank-card-bank">{card.bank_name}</div>
          <div className="hx-bank-card-number">**** **** **** {card.card_number.slice(-4)}</div>
          <div className="hx-bank-card-line">
            <span>{card.name}</span>
            <button
              type="button"
              className="hx-bank-card-delete"
              onClick={() => void remove(card)}
              data-testid={TID.bank.delete(card.id)}
            >
              {t('bank.delete')}
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}
