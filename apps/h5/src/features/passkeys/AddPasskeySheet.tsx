import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceOf, passkeyRegisterBody, type PasskeyItem } from '@hx/protocol';
import { FormRow } from '../../components/FormRow.tsx';
import { FormSheet } from '../../components/FormSheet.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { addPasskey, passkeyOptions } from './queries.ts';
import { createPasskey, passkeyFailure } from './webauthn.ts';

const nameOnly = passkeyRegisterBody.pick({ name: true });

/**
 * Names a new passkey, then lets the browser make it (fingerprint, face, screen lock or a
 * security key) and hands it to the server. Refusals stay in the sheet.
 */
export function AddPasskeySheet({
  open,
  onAdded,
  onClose,
}: {
  open: boolean;
  onAdded: (passkey: PasskeyItem) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const [name, setName] = useState(() => deviceOf(navigator.userAgent) ?? '');
  const form = useFormSubmit();

  const close = () => {
    form.setErrors({});
    onClose();
  };
  const add = () =>
    form.submit(firstIssue(nameOnly, { name }, locale), async () => {
      const options = await passkeyOptions();
      let response: string;
      try {
        response = await createPasskey(options);
      } catch (failure) {
        throw new Error(t(passkeyFailure(failure)));
      }
      onAdded(await addPasskey(name.trim(), response));
    });

  return (
    <FormSheet
      open={open}
      onClose={close}
      title={t('passkeys.add')}
      form={form}
      testIds={{
        sheet: TID.passkeys.sheet,
        error: TID.passkeys.error,
        submit: TID.passkeys.create,
      }}
      label={t('passkeys.create')}
      onSubmit={() => void add()}
    >
      <FormRow label={t('passkeys.name')} error={form.errors.name}>
        <TextInput
          value={name}
          onChange={setName}
          maxLength={40}
          autoComplete="off"
          placeholder={t('passkeys.namePlaceholder')}
          testId={TID.passkeys.name}
          onEnter={() => void add()}
        />
      </FormRow>
      <p className="hx-form-hint">{t('passkeys.lockNote')}</p>
    </FormSheet>
  );
}
