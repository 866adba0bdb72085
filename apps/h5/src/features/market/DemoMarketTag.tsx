import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useIsDemo } from '../config/queries.ts';
import { TID } from '../../testids.ts';

/** "Demo market" while the server runs the simulated market (demo mode). */
export function DemoMarketTag() {
  const { t } = useTranslation();
  if (!useIsDemo()) return null;
  return (
    <Tag color="warning" fill="outline" className="hx-demo-market" data-testid={TID.market.demoTag}>
      {t('market.demoMarket')}
    </Tag>
  );
}
