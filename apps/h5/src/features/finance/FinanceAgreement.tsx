import { useTranslation } from 'react-i18next';
import { TextSheet } from '../../components/TextSheet.tsx';

/** The financial service agreement a buyer accepts. */
export function FinanceAgreement({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <TextSheet
      open={open}
      onClose={onClose}
      title={t('finance.agreement.title')}
      paragraphs={[t('finance.agreement.p1'), t('finance.agreement.p2'), t('finance.agreement.p3')]}
    />
  );
}
