import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useAppName } from '../../../features/config/queries.ts';
import { HOME_PATH } from '../../../lib/redirect.ts';
import { TID } from '../../../testids.ts';
import '../auth.css';

/**
 * Log in, register or browse. The login pages replace one another in history (never pile up),
 * so after logging in, back leads to where the visitor came from, never to a login page.
 */
export default function ChoosePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const appName = useAppName();
  return (
    <PageFrame title="">
      <div className="hx-choose">
        <div className="hx-choose-logo" aria-hidden="true">
          {Array.from(appName)[0]}
        </div>
        <h2 className="hx-choose-title">{t('choose.welcome', { name: appName })}</h2>
        <p className="hx-choose-tagline">{t('choose.tagline')}</p>
        <div className="hx-choose-actions">
          <Button
            block
            color="primary"
            size="large"
            onClick={() => navigate('/pages/user/login/login', { replace: true })}
            data-testid={TID.choose.login}
          >
            {t('choose.login')}
          </Button>
          <Button
            block
            size="large"
            fill="outline"
            color="primary"
            onClick={() => navigate('/pages/user/login/register', { replace: true })}
            data-testid={TID.choose.register}
          >
            {t('choose.register')}
          </Button>
          <Button block fill="none" onClick={() => navigate(HOME_PATH, { replace: true })}>
            {t('choose.browse')}
          </Button>
        </div>
      </div>
    </PageFrame>
  );
}
