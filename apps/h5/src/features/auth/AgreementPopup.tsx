import { useTranslation } from 'react-i18next';
import { TextSheet } from '../../components/TextSheet.tsx';

/** The short user agreement, shown from the register form. */
export function AgreementPopup({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <TextSheet
      open={open}
      onClose={onClose}
      title={t('agreement.title')}
      paragraphs={[
        t('agreement.p1'),
        t('agreement.p2'),
        t('agreement.p3'),
        t('agreement.p4'),
        t('agreement.p5'),
      ]}
    />
  );
}
