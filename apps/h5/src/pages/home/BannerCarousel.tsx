import { NoticeBar, Swiper } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import { useIsDemo } from '../../features/config/queries.ts';
import { noticePath } from '../../features/content/paths.ts';
import { bannersQuery, latestNoticesQuery } from '../../features/content/queries.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import '../../features/content/content.css';

/** Looks the slides take in turn (banners carry no style of their own). */
const LOOKS = [
  { look: 'honest', Icon: CheckShieldOutline },
  { look: 'markets', Icon: GlobalOutline },
] as const;

interface Slide {
  key: string;
  title: string;
  text: string;
  look: string;
  Icon: typeof GlobalOutline;
  image?: string | null;
  link?: string | null;
}

/**
 * The home carousel (banners from the server, in the reader's language, with the demo-market
 * slide while the simulated market runs), then the notice bar showing the newest notice.
 */
export default function BannerCarousel() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const locale = useLocale();
  const demo = useIsDemo();
  const banners = useQuery(bannersQuery(locale)).data;
  const notices = useQuery(latestNoticesQuery(locale)).data?.list ?? [];

  const fromServer: Slide[] = (banners ?? []).map((b, i) => ({
    key: `banner-${b.id}`,
    title: b.title,
    text: b.text,
    image: b.image,
    link: b.link,
    ...LOOKS[i % LOOKS.length]!,
  }));
  // Until the banners arrive (or when none are configured) the honest-prices slide stands in.
  const slides: Slide[] =
    fromServer.length > 0
      ? fromServer
      : [
          {
            key: 'honest',
            title: t('market.banner.honest.title'),
            text: t('market.banner.honest.text'),
            ...LOOKS[0],
          },
        ];
  if (demo)
    slides.splice(1, 0, {
      key: 'demo',
      title: t('market.banner.demo.title'),
      text: t('market.banner.demo.text'),
      look: 'demo',
      Icon: HistogramOutline,
    });

  const latest = notices[0];
  return (
    <>
      <Swiper
        className="hx-banner"
        autoplay
        autoplayInterval={5000}
        loop
        data-testid={TID.home.banner}
      >
        {slides.map(({ key, title, text, look, Icon, image, link }) => (
          <Swiper.Item key={key}>
            <div
              className={`hx-banner-slide hx-banner-slide--${look}${link ? ' hx-notice-link' : ''}`}
              data-testid={key.startsWith('banner-') ? TID.content.banner(key.slice(7)) : undefined}
              onClick={link ? () => navigate(link) : undefined}
            >
              <div className="hx-banner-text">
                <h2>{title}</h2>
                <p>{text}</p>
              </div>
              {image ? (
                <img className="hx-banner-image" src={image} alt="" />
              ) : (
                <Icon className="hx-banner-icon" />
              )}
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
      <NoticeBar
        className={latest ? 'hx-notice hx-notice-link' : 'hx-notice'}
        content={latest?.title ?? t('market.notice')}
        color="info"
        extra={
          <span
            className="hx-notice-more"
            role="link"
            onClick={(event) => {
              event.stopPropagation();
              void navigate('/pages/notice/index');
            }}
          >
            {t('content.more')}
          </span>
        }
        onClick={() => navigate(latest ? noticePath(latest.id) : '/pages/notice/index')}
        data-testid={TID.home.notice}
      />
    </>
  );
}
