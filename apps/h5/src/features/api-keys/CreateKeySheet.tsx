import type { TFunction } from 'i18next';
import { useState } from 'react';
import { Selector, TextArea } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { FormSheet } from '../../components/FormSheet.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { TID } from '../../testids.ts';
import { createApiKey, type KeyKind, type KeyPermissions, type NewApiKey } from './queries.ts';
import './api-keys.css';

/** What the help line shows: make a private key, print its public half to paste here. */
const OPENSSL =
  'openssl genpkey -algorithm ed25519 -out private.pem\nopenssl pkey -in private.pem -pubout';

/** What the sheet checks before sending: a name, the public key of an Ed25519 key, the code. */
function keyIssue(
  key: { label: string; kind: KeyKind; publicKey: string; totp: string | null },
  t: TFunction,
) {
  if (!key.label.trim()) return { field: 'label', message: t('apiKeys.labelRequired') };
  if (key.kind === 'ed25519' && !key.publicKey.trim())
    return { field: 'public_key', message: t('apiKeys.publicKeyRequired') };
  if (key.totp !== null && key.totp.length !== 6)
    return { field: 'totp', message: t('twoFactor.codePlaceholder') };
  return null;
}

/** How the key signs: an HMAC secret (shown once) or the user's own Ed25519 key. */
function KindField({ value, onChange }: { value: KeyKind; onChange: (kind: KeyKind) => void }) {
  const { t } = useTranslation();
  return (
    <FormRow label={t('apiKeys.kind')}>
      <Selector<KeyKind>
        columns={2}
        value={[value]}
        onChange={(picked) => picked[0] && onChange(picked[0])}
        options={[
          { label: t('apiKeys.kindHmac'), value: 'hmac' },
          { label: t('apiKeys.kindEd25519'), value: 'ed25519' },
        ]}
        data-testid={TID.apiKeys.kind}
      />
    </FormRow>
  );
}

/** The user's Ed25519 public key (a PEM block), with the openssl commands that make one. */
function PublicKeyField({
  value,
  onChange,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <FormRow label={t('apiKeys.publicKey')} error={error}>
        <TextArea
          className="hx-api-public-key"
          value={value}
          onChange={onChange}
          autoSize={{ minRows: 3, maxRows: 6 }}
          maxLength={2000}
          placeholder={t('apiKeys.publicKeyPlaceholder', { pem: '-----BEGIN PUBLIC KEY-----' })}
          data-testid={TID.apiKeys.publicKey}
        />
      </FormRow>
      <div className="hx-form-hint hx-api-openssl">
        <p>{t('apiKeys.publicKeyHelp')}</p>
        <code>{OPENSSL}</code>
      </div>
    </>
  );
}

/**
 * Names a new key, chooses how it signs (an HMAC secret shown once, or the user's Ed25519 key,
 * of which only the pasted public key is sent), what it may do and where from; the code while
 * 2FA is on.
 */
export function CreateKeySheet({
  open,
  twoFactor,
  onCreated,
  onClose,
}: {
  open: boolean;
  twoFactor: boolean;
  onCreated: (created: NewApiKey) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [label, setLabel] = useState('');
  const [permissions, setPermissions] = useState<KeyPermissions>('read');
  const [kind, setKind] = useState<KeyKind>('hmac');
  const [publicKey, setPublicKey] = useState('');
  const [ips, setIps] = useState('');
  const [totp, setTotp] = useState('');
  const form = useFormSubmit();

  const reset = () => {
    setLabel('');
    setPermissions('read');
    setKind('hmac');
    setPublicKey('');
    setIps('');
    setTotp('');
    form.setErrors({});
  };
  // Each opening starts empty, however the last one ended: no earlier name, code or refusal.
  const [shown, setShown] = useState(open);
  if (open !== shown) {
    setShown(open);
    if (open) reset();
  }
  const close = () => {
    reset();
    onClose();
  };
  const create = () => {
    const issue = keyIssue({ label, kind, publicKey, totp: twoFactor ? totp : null }, t);
    return form.submit(issue, async () => {
      const created = await createApiKey({
        label: label.trim(),
        permissions,
        ips: ips.trim(),
        ...(kind === 'ed25519' ? { public_key: publicKey.trim() } : {}),
        ...(twoFactor ? { totp } : {}),
      });
      reset();
      onCreated(created);
    });
  };

  return (
    <FormSheet
      open={open}
      onClose={close}
      title={t('apiKeys.add')}
      form={form}
      testIds={{ sheet: TID.apiKeys.sheet, error: TID.apiKeys.error, submit: TID.apiKeys.create }}
      label={t('apiKeys.create')}
      onSubmit={() => void create()}
    >
      <FormRow label={t('apiKeys.label')} error={form.errors.label}>
        <TextInput
          value={label}
          onChange={setLabel}
          maxLength={40}
          autoComplete="off"
          placeholder={t('apiKeys.labelPlaceholder')}
          testId={TID.apiKeys.label}
        />
      </FormRow>
      <KindField value={kind} onChange={setKind} />
      {kind === 'ed25519' && (
        <PublicKeyField value={publicKey} onChange={setPublicKey} error={form.errors.public_key} />
      )}
      <FormRow label={t('apiKeys.permissions')}>
        <Selector<KeyPermissions>
          columns={2}
          value={[permissions]}
          onChange={(value) => value[0] && setPermissions(value[0])}
          options={[
            { label: t('apiKeys.read'), value: 'read' },
            { label: t('apiKeys.readTrade'), value: 'read,trade' },
          ]}
          data-testid={TID.apiKeys.permissions}
        />
      </FormRow>
      <FormRow label={t('apiKeys.ips')} error={form.errors.ips}>
        <TextInput
          value={ips}
          onChange={setIps}
          maxLength={2000}
          autoComplete="off"
          inputMode="url"
          placeholder={t('apiKeys.ipsPlaceholder')}
          testId={TID.apiKeys.ips}
        />
      </FormRow>
      {twoFactor && (
        <AuthenticatorField
          value={totp}
          onChange={setTotp}
          error={form.errors.totp}
          testId={TID.apiKeys.totp}
          onEnter={() => void create()}
        />
      )}
      <p className="hx-form-hint">{t('apiKeys.never')}</p>
    </FormSheet>
  );
}
