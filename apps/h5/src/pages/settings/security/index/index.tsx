import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { useUser } from '../../../../features/session/queries.ts';
import { TID } from '../../../../testids.ts';
import { useLiveAccount } from '../../../../features/live/useLiveAccount.ts';
import '../../settings.css';

export default function SecurityPage() {
  const { t } = useTranslation();
  useLiveAccount('notifications');
  const navigate = useNavigate();
  const user = useUser();
  return (
    <PageFrame title={t('security.title')}>
      <List className="hx-list">
        <List.Item
          onClick={() => navigate('/pages/settings/security/changePassword')}
          extra={t('security.change')}
          data-testid={TID.security.changePassword}
        >
          {t('security.loginPassword')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/settings/security/changePayPassword')}
          description={t('security.fundPasswordHint')}
          extra={user?.has_pay_password ? t('security.change') : t('payPassword.set')}
          data-testid={TID.security.fundPassword}
        >
          {t('security.fundPassword')}
        </List.Item>
        <List.Item
          onClick={() => navigate('/pages/bankbind/index')}
          description={t('bank.hint')}
          data-testid={TID.security.bankCards}
        >
          {t('bank.title')}
        </List.Item>
      </List>
    </PageFrame>
  );
}
