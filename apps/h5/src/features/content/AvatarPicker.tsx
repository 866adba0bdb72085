import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { UPLOAD_TYPES, type UserView } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { callUpload } from '../../api/call.ts';
import { useLocale } from '../../i18n/index.ts';
import { prepareUpload } from '../../lib/imageUpload.ts';
import { TID } from '../../testids.ts';
import { Avatar } from './Avatar.tsx';
import { useSetAvatar } from './queries.ts';
import './content.css';

/** The avatar; tapping it picks an image, which is uploaded and becomes the head portrait. */
export function AvatarPicker({ user }: { user: UserView }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const setAvatar = useSetAvatar();
  const [busy, setBusy] = useState(false);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setBusy(true);
    try {
      // A photo over the limit is scaled down first (lib/imageUpload.ts).
      const file = await prepareUpload(chosen);
      if (typeof file === 'string') return void Toast.show({ content: errorMessage(file, locale) });
      const { url } = await callUpload('uploadImage', file);
      await setAvatar.mutateAsync(url);
      Toast.show({ icon: 'success', content: t('content.avatarSaved') });
    } catch {
      // The request already showed why.
    } finally {
      setBusy(false);
    }
  };

  return (
    <label className="hx-avatar-button" aria-busy={busy} aria-label={t('content.changeAvatar')}>
      <Avatar user={user} />
      <input
        type="file"
        accept={UPLOAD_TYPES.join(',')}
        disabled={busy}
        data-testid={TID.content.avatarInput}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
