import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { BankCardForm } from '../../../features/bank-cards/BankCardForm.tsx';
import { useGoBack } from '../../../features/navigation/useGoBack.ts';

/** Bind a bank card; done, back to where the user came from. */
export default function AddBankCardPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <PageFrame title={t('bank.addTitle')}>
      <BankCardForm onDone={goBack} />
    </PageFrame>
  );
}
