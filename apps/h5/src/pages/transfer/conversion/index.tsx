import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ConversionForm } from '../../../features/wallet/ConversionForm.tsx';
import '../../../features/wallet/styles.ts';

/**
 * Converts one coin into another in the spot account at the last recorded prices: a live quote
 * while typing, then a confirmation repeating a fresh quote.
 */
export default function ConversionPage() {
  const { t } = useTranslation();
  return (
    <PageFrame title={t('conversion.title')}>
      <ConversionForm />
    </PageFrame>
  );
}
