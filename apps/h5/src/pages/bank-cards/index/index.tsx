import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { BankCardList } from '../../../features/bank-cards/BankCardList.tsx';
import { useBankCards } from '../../../features/bank-cards/queries.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

/** The user's bank cards for bank withdrawals; each can be deleted after a confirmation. */
export default function BankCardsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const cards = useBankCards();
  const list = cards.data?.list ?? [];

  return (
    <PageFrame title={t('bank.title')} bodyClassName="hx-with-actions">
      <Refreshable onRefresh={() => cards.refetch()}>
        {cards.isError && <EmptyState text={cards.error.message} />}
        {cards.data && list.length === 0 && <EmptyState text={t('bank.empty')} />}
        <BankCardList list={list} />
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
