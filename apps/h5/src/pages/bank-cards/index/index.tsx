import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { call } from '../../../api/call.ts';
import { refresh } from '../../../cache/refresh.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { bankCardsQuery } from '../../../features/wallet/queries.ts';
import type { BankCard } from '../../../features/wallet/types.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/** The user's bank cards for bank withdrawals; each can be deleted after a confirmation. */
export default function BankCardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const cards = useQuery({ ...bankCardsQuery, refetchOnMount: 'always' });
  const list = cards.data?.list ?? [];

  const remove = async (card: BankCard) => {
    const confirmed = await Dialog.confirm({
      title: t('bank.deleteTitle'),
      content: `${card.bank_name} **** ${card.card_number.slice(-4)}`,
      confirmText: t('bank.delete'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await call('bankCardDelete', { id: card.id });
      Toast.show({ icon: 'success', content: t('bank.deleted') });
      await refresh(queryClient, 'bankCards');
    } catch {
      // The client has shown why.
    }
  };

  return (
    <PageFrame title={t('bank.title')} bodyClassName="hx-with-actions">
      <Refreshable onRefresh={() => cards.refetch()}>
        {cards.isError && <EmptyState text={cards.error.message} />}
        {cards.data && list.length === 0 && <EmptyState text={t('bank.empty')} />}
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
      </Refreshable>
      <div className="hx-action-bar">
        <Button
          block
          color="primary"
          onClick={() => navigate('/pages/bankbind/addbank')}
          data-testid={TID.bank.add}
        >
          {t('bank.add')}
        </Button>
      </div>
    </PageFrame>
  );
}
