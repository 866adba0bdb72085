import { List } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { SoonTag } from '../../../../components/SoonTag.tsx';
import { TID } from '../../../../testids.ts';
import '../../settings.css';

export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
          className="hx-list-item--soon"
          aria-disabled
          arrowIcon={false}
          description={t('security.fundPasswordHint')}
          extra={<SoonTag long />}
        >
          {t('security.fundPassword')}
        </List.Item>
      </List>
    </PageFrame>
  );
}
