import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceOf, passkeyRegisterBody, type PasskeyItem } from '@hx/protocol';
import { FormRow } from '../../components/FormRow.tsx';
import { PasswordInput } from '../../components/PasswordInput.tsx';
import { FormSheet } from '../../components/FormSheet.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { totpIssue, useTwoFactorOn } from '../two-factor/totp.ts';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { addPasskey, passkeyOptions } from './queries.ts';
import { createPasskey, passkeyFailure } from './webauthn.ts';

const nameOnly = passkeyRegisterBody.pick({ name: true });

/**
 * Names a new passkey and proves the account (the authenticator's code while 2FA is on, the
 * login password otherwise: a passkey logs in without them), then lets the browser make it
 * (fingerprint, face, screen lock or a security key) and hands it to the server. Refusals stay
 * in the sheet.
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
  const twoFactor = useTwoFactorOn();
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const form = useFormSubmit();

  const close = () => {
    form.setErrors({});
    setPassword('');
    setTotp('');
    onClose();
  };
  const proofIssue = () => {
    if (twoFactor) return totpIssue(totp, locale, t);
    if (!password) return { field: 'password', message: errorMessage('PASSWORD_REQUIRED', locale) };
    return null;
  };
  const add = () =>
    form.submit(firstIssue(nameOnly, { name }, locale) ?? proofIssue(), async () => {
      const options = await passkeyOptions(twoFactor ? { totp } : { password });
      setTotp(''); // spent: a second try takes the next code
      let response: string;
      try {
        response = await createPasskey(options);
      } catch (failure) {
        throw new Error(t(passkeyFailure(failure)));
      }
      const added = await addPasskey(name.trim(), response);
      setPassword('');
      onAdded(added);
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
      <p className="hx-form-hint">
        {t(twoFactor ? 'passkeys.proveWithCode' : 'passkeys.proveWithPassword')}
      </p>
      {twoFactor ? (
        <AuthenticatorField
          value={totp}
          onChange={setTotp}
          error={form.errors.totp}
          testId={TID.passkeys.totp}
          onEnter={() => void add()}
        />
      ) : (
        <FormRow label={t('auth.password')} error={form.errors.password}>
          <PasswordInput
            value={password}
            onChange={setPassword}
            placeholder={t('auth.passwordPlaceholder')}
            testId={TID.passkeys.password}
            onEnter={() => void add()}
          />
        </FormRow>
      )}
      <p className="hx-form-hint">{t('passkeys.lockNote')}</p>
    </FormSheet>
  );
}
