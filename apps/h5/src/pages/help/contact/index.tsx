import { List } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import EditSOutline from 'antd-mobile-icons/es/EditSOutline';
import LinkOutline from 'antd-mobile-icons/es/LinkOutline';
import MailOutline from 'antd-mobile-icons/es/MailOutline';
import MessageOutline from 'antd-mobile-icons/es/MessageOutline';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { supportLinksQuery } from '../../../features/content/queries.ts';
import { TID } from '../../../testids.ts';
import '../../../features/content/content.css';

/** An in-app route (`#/pages/...`) or null for an outside address. */
const inApp = (url: string) => (url.startsWith('#/') ? url.slice(1) : null);

/** The ways to reach support: the in-app chat, the operator's configured links, feedback. */
export default function ContactPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const links = useQuery(supportLinksQuery);

  const open = (url: string) => {
    const route = inApp(url);
    if (route) void navigate(route);
    else window.open(url, '_blank', 'noopener,noreferrer');
  };
  const nameOf = (link: { name: string; url: string }) =>
    link.url === '#/pages/help-center/chat' ? t('content.entries.chat') : link.name;
  const iconOf = (url: string) =>
    inApp(url) ? <MessageOutline /> : url.startsWith('mailto:') ? <MailOutline /> : <LinkOutline />;

  return (
    <PageFrame title={t('content.entries.contact')}>
      <p className="hx-contact-intro">{t('content.contactIntro')}</p>
      {links.isError && <EmptyState text={links.error.message} />}
      <List className="hx-list">
        {links.data?.list.map((link, n) => (
          <List.Item
            key={link.url}
            prefix={<span className="hx-contact-icon">{iconOf(link.url)}</span>}
            description={inApp(link.url) ? t('content.chatHint') : link.url.replace(/^mailto:/, '')}
            onClick={() => open(link.url)}
            data-testid={TID.content.contactLink(n)}
          >
            {nameOf(link)}
          </List.Item>
        ))}
        <List.Item
          prefix={
            <span className="hx-contact-icon">
              <EditSOutline />
            </span>
          }
          description={t('content.feedbackHint')}
          onClick={() => navigate('/pages/help-center/feedback')}
        >
          {t('content.entries.feedback')}
        </List.Item>
      </List>
    </PageFrame>
  );
}
