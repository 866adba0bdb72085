import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { useGoBack } from '../../../../features/navigation/useGoBack.ts';
import { AntiPhishingForm } from '../../../../features/protection/AntiPhishingForm.tsx';
import '../../../../features/wallet/styles.ts';
import '../../../../features/protection/protection.css';

/**
 * The anti-phishing code: a phrase every mail from the platform starts with, so a mail without
 * it is known to be fake. Set or changed with the fund password (and the authenticator code).
 * The page shows how a mail will look with the phrase typed.
 */
export default function AntiPhishingPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <PageFrame title={t('protection.antiPhishing')}>
      <AntiPhishingForm onDone={goBack} />
    </PageFrame>
  );
}
