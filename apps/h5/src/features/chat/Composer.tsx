import { useId, useState, type FormEvent } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import PictureOutline from 'antd-mobile-icons/es/PictureOutline';
import { CHAT_TEXT_MAX, UPLOAD_TYPES } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { prepareUpload } from '../../lib/imageUpload.ts';
import { TID } from '../../testids.ts';

/** The line at the bottom: an image button, the text and send. */
export function Composer({
  onSend,
  onImage,
}: {
  onSend: (text: string) => void;
  onImage: (file: File) => Promise<void>;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [text, setText] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = text.trim();
    if (!body) return;
    onSend(body);
    setText('');
  };
  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    // A photo over the limit is scaled down first (lib/imageUpload.ts).
    const file = await prepareUpload(chosen);
    if (typeof file === 'string') Toast.show({ content: errorMessage(file, locale) });
    else void onImage(file).catch(() => {});
  };
  return (
    <form className="hx-chat-composer" onSubmit={submit}>
      <label className="hx-chat-pick" htmlFor={id} aria-label={t('chat.sendImage')}>
        <PictureOutline />
        <input
          id={id}
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          className="hx-chat-file"
          data-testid={TID.chat.image}
          onChange={(e) => {
            void choose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
      </label>
      <input
        className="hx-chat-input"
        value={text}
        maxLength={CHAT_TEXT_MAX}
        placeholder={t('chat.placeholder')}
        aria-label={t('chat.placeholder')}
        enterKeyHint="send"
        data-testid={TID.chat.input}
        onChange={(e) => setText(e.target.value)}
      />
      <button
        type="submit"
        className="hx-chat-send"
        disabled={!text.trim()}
        data-testid={TID.chat.send}
      >
        {t('chat.send')}
      </button>
    </form>
  );
}
