import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { RegisterForm } from '../../../features/auth/RegisterForm.tsx';
import { safeRedirect } from '../../../lib/redirect.ts';
import '../auth.css';

export default function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirect = params.get('redirect');

  return (
    <PageFrame title={t('register.title')}>
      <RegisterForm
        invite={params.get('invite') ?? ''}
        redirect={redirect}
        onDone={() => void navigate(safeRedirect(redirect), { replace: true })}
      />
    </PageFrame>
  );
}
