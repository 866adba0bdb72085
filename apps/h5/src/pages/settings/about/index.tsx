import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { useAppName, useConfig } from '../../../features/config/queries.ts';
import { TID } from '../../../testids.ts';
import '../settings.css';

export default function AboutPage() {
  const { t } = useTranslation();
  const appName = useAppName();
  const config = useConfig().data;
  const version = config?.version ?? __APP_VERSION__;
  return (
    <PageFrame title={t('about.title')}>
      <div className="hx-about">
        <div className="hx-about-logo" aria-hidden="true">
          {Array.from(appName)[0]}
        </div>
        <h2 className="hx-about-name">{appName}</h2>
        {config?.mode === 'demo' && (
          <Tag color="warning" fill="outline">
            {t('common.demo')}
          </Tag>
        )}
      </div>
      <List className="hx-list">
        <List.Item arrowIcon={false} extra={<span data-testid={TID.aboutVersion}>v{version}</span>}>
          {t('about.version')}
        </List.Item>
        {config && (
          <List.Item
            arrowIcon={false}
            extra={config.mode === 'demo' ? t('about.demo') : t('about.production')}
          >
            {t('about.mode')}
          </List.Item>
        )}
      </List>
      {config?.mode === 'demo' && <p className="hx-about-note">{t('about.demoNote')}</p>}
    </PageFrame>
  );
}
