import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ForgotPasswordForm } from '../../../features/auth/ForgotPasswordForm.tsx';
import { LOGIN_PATH } from '../../../lib/redirect.ts';
import '../auth.css';

/**
 * Recover the password: prove the account with a code, then choose a new password. Every
 * session ends and the API keys are deleted (said above the button).
 */
export default function ForgetPasswordPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // Opened from login in its place (history keeps one login page): back and done return there.
  const redirect = params.get('redirect');
  const toLogin = () =>
    navigate(redirect ? `${LOGIN_PATH}?redirect=${encodeURIComponent(redirect)}` : LOGIN_PATH, {
      replace: true,
    });
  const [step, setStep] = useState<1 | 2>(1);

  return (
    <PageFrame
      title={t('forget.title')}
      onBack={step === 2 ? () => setStep(1) : () => void toLogin()}
    >
      <ForgotPasswordForm step={step} onStepChange={setStep} onDone={() => void toLogin()} />
    </PageFrame>
  );
}
