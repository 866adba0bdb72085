import { useState } from 'react';
import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { PasskeyItem } from '@hx/protocol';
import { refresh } from '../../../../cache/refresh.ts';
import { PageFrame } from '../../../../components/PageFrame.tsx';
import { DeviceCard, DeviceList } from '../../../../features/devices/DeviceList.tsx';
import { PasskeyIcon } from '../../../../features/passkeys/PasskeyIcon.tsx';
import { deletePasskey, passkeysQuery } from '../../../../features/passkeys/queries.ts';
import { passkeysSupported } from '../../../../features/passkeys/webauthn.ts';
import { useSession } from '../../../../api/session-store.ts';
import { useLocale } from '../../../../i18n/index.ts';
import { formatTime } from '../../../../lib/date.ts';
import { TID } from '../../../../testids.ts';
import { AddPasskeySheet } from '../../../../features/passkeys/AddPasskeySheet.tsx';
import { PasskeyUnavailable } from '../../../../features/passkeys/PasskeyUnavailable.tsx';
import '../../../../features/wallet/styles.ts';
import '../../../../features/devices/devices.css';

/**
 * The user's passkeys: log in with a fingerprint, face or screen lock instead of the password.
 * Adding one pauses withdrawals for 24 hours (the server says so in a notification too).
 */
export default function PasskeysPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const token = useSession()?.token;
  const passkeys = useQuery({ ...passkeysQuery(token), refetchOnMount: 'always' });
  const [adding, setAdding] = useState(false);
  const supported = passkeysSupported();

  const changed = () => refresh(queryClient, 'passkeys');

  const remove = async (passkey: PasskeyItem) => {
    const confirmed = await Dialog.confirm({
      title: t('passkeys.removeTitle'),
      content: t('passkeys.removeBody', { name: passkey.name }),
      confirmText: t('passkeys.remove'),
      cancelText: t('common.cancel'),
    });
    if (!confirmed) return;
    try {
      await deletePasskey(passkey.id);
      Toast.show({ icon: 'success', content: t('passkeys.removed') });
      await changed();
    } catch {
      // The client has shown why.
    }
  };

  return (
    <PageFrame title={t('protection.passkeys')} bodyClassName="hx-with-actions">
      <div>
        <section className="hx-device-intro">
          <PasskeyIcon className="hx-device-intro-icon" />
          <p>{t('passkeys.intro')}</p>
        </section>
        {!supported && <PasskeyUnavailable />}
        <DeviceList query={passkeys} token={token} empty={t('passkeys.empty')}>
          {(passkey) => (
            <DeviceCard
              name={passkey.name}
              lines={[
                t('passkeys.added', { time: formatTime(passkey.created_at, locale) }),
                passkey.last_used_at
                  ? t('passkeys.lastUsed', { time: formatTime(passkey.last_used_at, locale) })
                  : t('passkeys.neverUsed'),
              ]}
              testId={TID.passkeys.item(passkey.id)}
              remove={{
                label: t('passkeys.remove'),
                onClick: () => void remove(passkey),
                testId: TID.passkeys.remove(passkey.id),
              }}
            />
          )}
        </DeviceList>
      </div>
      <div className="hx-action-bar">
        <Button
          block
          color="primary"
          disabled={!supported}
          onClick={() => setAdding(true)}
          data-testid={TID.passkeys.add}
        >
          {t('passkeys.add')}
        </Button>
      </div>
      <AddPasskeySheet
        open={adding}
        onClose={() => setAdding(false)}
        onAdded={(passkey) => {
          setAdding(false);
          Toast.show({
            icon: 'success',
            content: t('passkeys.addedToast', { name: passkey.name }),
          });
          void changed();
        }}
      />
    </PageFrame>
  );
}
