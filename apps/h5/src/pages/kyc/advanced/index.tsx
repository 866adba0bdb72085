import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { AdvancedVerificationForm } from '../../../features/kyc/AdvancedVerificationForm.tsx';

/** Advanced verification: contact address and three photos of the ID. Needs basic verified. */
export default function AdvancedVerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('verification.advanced.title')}>
      <AdvancedVerificationForm
        onDone={() => void navigate('/pages/verification/index', { replace: true })}
      />
    </PageFrame>
  );
}
