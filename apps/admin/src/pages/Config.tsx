import { useState } from 'react';
import { Alert, Card, Drawer, Tabs } from 'antd';
import { CoinNetworks } from '../components/CoinNetworks.tsx';
import { CoinsTab } from '../components/config/CoinsTab.tsx';
import { LeverPairsTab, OptionPeriodsTab, SpotPairsTab } from '../components/config/MarketTabs.tsx';
import {
  FinanceProductsTab,
  ProjectsTab,
  SavingsProductsTab,
} from '../components/config/ProductTabs.tsx';
import { FourEyesSetting } from '../components/FourEyesSetting.tsx';
import { S } from '../strings.ts';

/** Coins, pairs, periods, products and projects: edited live, audited, never a price. */
export default function ConfigPage() {
  const [networksOf, setNetworksOf] = useState<{ id: number; name: string } | null>(null);
  return (
    <Card>
      <Alert type="info" showIcon title={S.config.note} style={{ marginBottom: 8 }} />
      <Tabs
        items={[
          {
            key: 'coins',
            label: S.config.coins,
            children: <CoinsTab onNetworks={setNetworksOf} />,
          },
          { key: 'spot', label: S.config.spot, children: <SpotPairsTab /> },
          { key: 'lever', label: S.config.lever, children: <LeverPairsTab /> },
          { key: 'options', label: S.config.options, children: <OptionPeriodsTab /> },
          { key: 'finance', label: S.config.finance, children: <FinanceProductsTab /> },
          { key: 'savings', label: S.config.savings, children: <SavingsProductsTab /> },
          { key: 'projects', label: S.config.projects, children: <ProjectsTab /> },
          { key: 'four-eyes', label: S.fourEyes.tab, children: <FourEyesSetting /> },
        ]}
      />
      <Drawer
        open={networksOf !== null}
        onClose={() => setNetworksOf(null)}
        size={1100}
        title={networksOf ? S.networks.title(networksOf.name) : ''}
        destroyOnHidden
      >
        {networksOf && <CoinNetworks coinId={networksOf.id} coin={networksOf.name} />}
      </Drawer>
    </Card>
  );
}
