import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { BasicVerificationForm } from '../../../features/kyc/BasicVerificationForm.tsx';

/** Basic verification: country, full name and ID number, reviewed by an operator. */
export default function BasicVerificationPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PageFrame title={t('verification.basic.title')}>
      <BasicVerificationForm
        onDone={() => void navigate('/pages/verification/index', { replace: true })}
      />
    </PageFrame>
  );
}
