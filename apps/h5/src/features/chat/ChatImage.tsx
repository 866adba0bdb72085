import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { privateImageUrl } from '../../api/image.ts';

/** An image of the conversation (a private upload, fetched with the token). */
export function ChatImage({ url }: { url: string }) {
  const { t } = useTranslation();
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    privateImageUrl(url).then(
      (s) => live && setSrc(s),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (failed) return <span className="hx-chat-image-missing">{t('chat.imageFailed')}</span>;
  return src ? (
    <img className="hx-chat-image" src={src} alt={t('chat.image')} />
  ) : (
    <span className="hx-chat-image hx-chat-image--loading" aria-busy="true" />
  );
}
