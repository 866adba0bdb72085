import { memo, startTransition, useEffect, useState } from 'react';
import { Tabs } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';

const SPOT_TABS = ['open', 'history', 'trades'] as const;
export type SpotTab = (typeof SPOT_TABS)[number];

/**
 * The trade page's order tabs. antd's Tabs measure the page in a layout effect; mounted with the
 * rest of the page (when the pairs arrive) that forced a layout of the whole fresh page inside
 * the render's task. So the same header is drawn first without measuring (antd's classes, no
 * underline), and the Tabs replace it a frame later.
 */
export const SpotTabs = memo(function SpotTabs({
  tab,
  onChange,
}: {
  tab: SpotTab;
  onChange: (tab: SpotTab) => void;
}) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => startTransition(() => setReady(true)));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);

  if (!ready)
    return (
      <div className="adm-tabs hx-spot-tabs" aria-busy="true">
        <div className="adm-tabs-header">
          <div className="adm-tabs-tab-list">
            {SPOT_TABS.map((key) => (
              <div key={key} className="adm-tabs-tab-wrapper adm-tabs-tab-wrapper-stretch">
                <div className={key === tab ? 'adm-tabs-tab adm-tabs-tab-active' : 'adm-tabs-tab'}>
                  {t(`spot.tabs.${key}`)}
                </div>
              </div>
            ))}
          </div>
        </div>
      </div>
    );
  return (
    <Tabs className="hx-spot-tabs" activeKey={tab} onChange={(key) => onChange(key as SpotTab)}>
      {SPOT_TABS.map((key) => (
        <Tabs.Tab
          key={key}
          title={<span data-testid={TID.spot.tab(key)}>{t(`spot.tabs.${key}`)}</span>}
        />
      ))}
    </Tabs>
  );
});
