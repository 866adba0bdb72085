import { useEffect, useId, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import AddOutline from 'antd-mobile-icons/es/AddOutline';
import { UPLOAD_TYPES } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { callUpload } from '../../api/call.ts';
import { useLocale } from '../../i18n/index.ts';
import { prepareUpload } from '../../lib/imageUpload.ts';

/**
 * An image to upload (a deposit voucher, an ID photo): the chosen file is checked here first (an
 * image; a photo over 5 MB is scaled down, anything else over it refused), then sent to
 * `upload`; `onChange` gets the private url. The preview is the local file, so it needs no
 * second request.
 */
export function ImageField({
  label,
  value,
  onChange,
  error,
  testId,
}: {
  label: string;
  value: string;
  onChange: (url: string) => void;
  error?: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const choose = async (chosen: File | undefined) => {
    if (!chosen) return;
    setProblem(null);
    setBusy(true);
    try {
      // A photo over the limit is scaled down here first (lib/imageUpload.ts).
      const file = await prepareUpload(chosen);
      if (typeof file === 'string') {
        const local = errorMessage(file, locale);
        setProblem(local);
        Toast.show({ content: local });
        return;
      }
      const { url } = await callUpload('uploadImage', file);
      setPreview(URL.createObjectURL(file));
      onChange(url);
    } catch (failure) {
      if (failure instanceof Error) setProblem(failure.message);
    } finally {
      setBusy(false);
    }
  };

  const shown = problem ?? error;
  const uploaded = Boolean(value && preview);
  return (
    <div className={shown ? 'hx-image-field hx-field--error' : 'hx-image-field'}>
      <label className="hx-image-box" htmlFor={id} aria-busy={busy}>
        {uploaded ? (
          <img className="hx-image-preview" src={preview ?? undefined} alt={label} />
        ) : (
          <span className="hx-image-empty">
            <AddOutline className="hx-image-plus" />
            <span>{busy ? t('common.loading') : t('money.chooseImage')}</span>
          </span>
        )}
        <input
          id={id}
          className="hx-image-input"
          type="file"
          accept={UPLOAD_TYPES.join(',')}
          data-testid={testId}
          disabled={busy}
          onChange={(event) => {
            void choose(event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      </label>
      <div className="hx-image-label">{label}</div>
      {shown && (
        <div className="hx-field-error" role="alert">
          {shown}
        </div>
      )}
    </div>
  );
}
