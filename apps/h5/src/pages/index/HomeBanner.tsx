import { NoticeBar, Swiper } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import HistogramOutline from 'antd-mobile-icons/es/HistogramOutline';
import GlobalOutline from 'antd-mobile-icons/es/GlobalOutline';
import { useIsDemo } from '../../features/config/queries.ts';
import { TID } from '../../testids.ts';

const SLIDES = [
  { key: 'honest', Icon: CheckShieldOutline },
  { key: 'demo', Icon: HistogramOutline },
  { key: 'markets', Icon: GlobalOutline },
] as const;

/** The home carousel: static slides for now (no images), then the notice line. */
export function HomeBanner() {
  const { t } = useTranslation();
  const demo = useIsDemo();
  // The demo slide only while the simulated market runs.
  const slides = SLIDES.filter((slide) => slide.key !== 'demo' || demo);
  return (
    <>
      <Swiper
        className="hx-banner"
        autoplay
        autoplayInterval={5000}
        loop
        data-testid={TID.home.banner}
      >
        {slides.map(({ key, Icon }) => (
          <Swiper.Item key={key}>
            <div className={`hx-banner-slide hx-banner-slide--${key}`}>
              <div className="hx-banner-text">
                <h3>{t(`market.banner.${key}.title`)}</h3>
                <p>{t(`market.banner.${key}.text`)}</p>
              </div>
              <Icon className="hx-banner-icon" />
            </div>
          </Swiper.Item>
        ))}
      </Swiper>
      <NoticeBar
        className="hx-notice"
        content={t('market.notice')}
        color="info"
        data-testid={TID.home.notice}
      />
    </>
  );
}
