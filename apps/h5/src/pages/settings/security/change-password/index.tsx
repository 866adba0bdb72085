import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { useGoBack } from '../../../../features/navigation/useGoBack.ts';
import { ChangePasswordForm } from '../../../../features/security/ChangePasswordForm.tsx';
import '../../settings.css';

/**
 * Change the login password; this device stays logged in, the others are logged out and the
 * API keys deleted (the server does both with the change).
 */
export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  return (
    <PageFrame title={t('changePassword.title')}>
      <ChangePasswordForm onDone={goBack} />
    </PageFrame>
  );
}
