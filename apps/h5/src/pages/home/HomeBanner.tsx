import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import CheckShieldOutline from 'antd-mobile-icons/es/CheckShieldOutline';
import { AfterPaint } from '../../components/AfterPaint.tsx';

// The carousel and the notice bar bring antd's swiper and spring animations: they load once the
// page has painted, in place of the same first slide drawn without them.
const BannerCarousel = lazy(() => import('./BannerCarousel.tsx'));

/** The home carousel and notice bar (BannerCarousel), its first slide painted at once. */
export function HomeBanner() {
  return (
    <AfterPaint fallback={<FirstSlide />}>
      <BannerCarousel />
    </AfterPaint>
  );
}

/** The carousel's first slide and the notice bar's place, the same size as the real ones. */
function FirstSlide() {
  const { t } = useTranslation();
  return (
    <>
      <div className="hx-banner hx-banner--static" aria-busy="true">
        <div className="hx-banner-slide hx-banner-slide--honest">
          <div className="hx-banner-text">
            <h2>{t('market.banner.honest.title')}</h2>
            <p>{t('market.banner.honest.text')}</p>
          </div>
          <CheckShieldOutline className="hx-banner-icon" />
        </div>
      </div>
      <div className="hx-notice hx-notice--static">{t('market.notice')}</div>
    </>
  );
}
