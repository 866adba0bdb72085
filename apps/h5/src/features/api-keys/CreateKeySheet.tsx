import { useState } from 'react';
import { Selector } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { FormRow } from '../../components/FormRow.tsx';
import { FormSheet } from '../../components/FormSheet.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { TID } from '../../testids.ts';
import { createApiKey, type KeyPermissions, type NewApiKey } from './queries.ts';

/** Names a new key, chooses what it may do and where from; the code while 2FA is on. */
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
  const [ips, setIps] = useState('');
  const [totp, setTotp] = useState('');
  const form = useFormSubmit();

  const reset = () => {
    setLabel('');
    setPermissions('read');
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
    const issue = !label.trim()
      ? { field: 'label', message: t('apiKeys.labelRequired') }
      : twoFactor && totp.length !== 6
        ? { field: 'totp', message: t('twoFactor.codePlaceholder') }
        : null;
    return form.submit(issue, async () => {
      const created = await createApiKey({
        label: label.trim(),
        permissions,
        ips: ips.trim(),
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
