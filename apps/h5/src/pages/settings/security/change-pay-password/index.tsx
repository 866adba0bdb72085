import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { useGoBack } from '../../../../features/navigation/useGoBack.ts';
import { FundPasswordForm } from '../../../../features/security/FundPasswordForm.tsx';
import { useAccountState } from '../../../../features/wallet/queries.ts';
import '../../../../features/wallet/styles.ts';

/** Sets or changes the 6-digit fund password, confirmed by a code sent to the user. */
export default function ChangePayPasswordPage() {
  const { t } = useTranslation();
  const goBack = useGoBack();
  const user = useAccountState();
  const change = user?.has_pay_password === true;

  return (
    <PageFrame title={change ? t('payPassword.changeTitle') : t('payPassword.setTitle')}>
      <FundPasswordForm onDone={goBack} change={change} />
    </PageFrame>
  );
}
