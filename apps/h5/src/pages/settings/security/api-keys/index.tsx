import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { refresh } from '../../../../cache/refresh.ts';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { useSecurityState } from '../../../../features/protection/queries.ts';
import { useSession } from '../../../../api/session-store.ts';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import { TID } from '../../../../testids.ts';
import {
  apiKeysQuery,
  deleteApiKey,
  type ApiKeyItem,
  type NewApiKey,
} from '../../../../features/api-keys/queries.ts';
import { CreateKeySheet } from '../../../../features/api-keys/CreateKeySheet.tsx';
import { DeviceCard, DeviceList } from '../../../../features/devices/DeviceList.tsx';
import { SecretSheet } from './SecretSheet.tsx';
import '../../../../features/wallet/styles.ts';
import '../../../../features/devices/devices.css';
import './apiKeys.css';

/**
 * Keys for the user's own programs (signed requests, docs/api.md): read, or read and spot
 * trading; never withdrawals. A new key's secret is shown once; deleting a key stops it at once.
 */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const token = useSession()?.token;
  const keys = useQuery({ ...apiKeysQuery(token), refetchOnMount: 'always' });
  const { data: security } = useSecurityState();
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<NewApiKey | null>(null);

  const remove = async (item: ApiKeyItem) => {
    const confirmed = await Dialog.confirm({
      title: t('apiKeys.removeTitle'),
      content: t('apiKeys.removeBody', { label: item.label }),
      confirmText: t('apiKeys.remove'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await deleteApiKey(item.id);
      Toast.show({ icon: 'success', content: t('apiKeys.removed') });
      await refresh(queryClient, 'apiKeys');
    } catch {
      // The client has shown why.
    }
  };

  return (
    <PageFrame title={t('apiKeys.title')} bodyClassName="hx-with-actions">
      <div>
        <section className="hx-device-intro">
          <p>{t('apiKeys.intro')}</p>
        </section>
        <DeviceList query={keys} token={token} empty={t('apiKeys.empty')}>
          {(item) => (
            <DeviceCard
              name={item.label}
              lines={[
                t('apiKeys.keyLine', { key: item.key }),
                <>
                  {item.kind === 'ed25519' ? 'Ed25519' : 'HMAC'}
                  {' · '}
                  {item.permissions === 'read,trade' ? t('apiKeys.readTrade') : t('apiKeys.read')}
                  {' · '}
                  {item.ips.length
                    ? t('apiKeys.ipsLine', { ips: item.ips.join(', ') })
                    : t('apiKeys.anyIp')}
                </>,
                t('apiKeys.created', { time: formatTime(item.created_at, locale) }),
                item.last_used_at
                  ? t('apiKeys.lastUsed', { time: formatTime(item.last_used_at, locale) })
                  : t('apiKeys.neverUsed'),
              ]}
              testId={TID.apiKeys.item(item.id)}
              remove={{
                label: t('apiKeys.remove'),
                onClick: () => void remove(item),
                testId: TID.apiKeys.remove(item.id),
              }}
            />
          )}
        </DeviceList>
      </div>
      <div className="hx-action-bar">
        <Button block color="primary" onClick={() => setAdding(true)} data-testid={TID.apiKeys.add}>
          {t('apiKeys.add')}
        </Button>
      </div>
      <CreateKeySheet
        open={adding}
        twoFactor={Boolean(security?.two_factor)}
        onClose={() => setAdding(false)}
        onCreated={(answer) => {
          setAdding(false);
          setCreated(answer);
          void refresh(queryClient, 'apiKeys');
        }}
      />
      <SecretSheet created={created} onDone={() => setCreated(null)} />
    </PageFrame>
  );
}
