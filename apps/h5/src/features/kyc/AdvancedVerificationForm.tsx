import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { realName2Body } from '@hx/protocol';
import { refresh } from '../../cache/refresh.ts';
import { errorMessage } from '../../i18n/errors.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { ImageField } from '../wallet/ImageField.tsx';
import { PrerequisiteList } from '../wallet/PrerequisiteList.tsx';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import '../wallet/styles.ts';
import { submitAdvancedKyc, useKyc } from './queries.ts';
import { FormActions } from '../../components/FormActions.tsx';

const PHOTOS = ['front', 'back', 'hand'] as const;

/** Advanced verification: contact address and three photos of the ID. Needs basic verified. */
export function AdvancedVerificationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const kyc = useKyc();
  const [address, setAddress] = useState('');
  const [photos, setPhotos] = useState<Record<(typeof PHOTOS)[number], string>>({
    front: '',
    back: '',
    hand: '',
  });
  const form = useFormSubmit();
  const { errors, busy } = form;
  const basicMissing = kyc.data !== undefined && kyc.data.basic.status !== 'verified';

  const submit = async () => {
    const body = { address: address.trim(), ...photos };
    const issue = basicMissing
      ? { field: 'form', message: errorMessage('KYC_BASIC_REQUIRED', locale) }
      : firstIssue(realName2Body, body, locale);
    await form.submit(issue, async () => {
      await submitAdvancedKyc(body);
      Toast.show({ icon: 'success', content: t('verification.submitted') });
      await refresh(queryClient, 'kycSent');
      onDone();
    });
  };

  return (
    <div className="hx-form">
      {basicMissing && (
        <PrerequisiteList
          missing={[
            {
              key: 'kyc',
              message: errorMessage('KYC_BASIC_REQUIRED', locale),
              to: '/pages/verification/basic',
            },
          ]}
        />
      )}
      <FormRow label={t('verification.address')} error={errors.address}>
        <TextInput
          value={address}
          onChange={setAddress}
          placeholder={t('verification.addressPlaceholder')}
          autoComplete="street-address"
          maxLength={300}
          testId={TID.verification.address}
        />
      </FormRow>
      <div className="hx-photos">
        {PHOTOS.map((key) => (
          <ImageField
            key={key}
            label={t(`verification.photos.${key}`)}
            value={photos[key]}
            onChange={(url) => setPhotos((p) => ({ ...p, [key]: url }))}
            error={errors[key]}
            testId={TID.verification.photo(key)}
          />
        ))}
      </div>
      <p className="hx-form-hint">{t('verification.photoHint')}</p>
      <FormActions
        error={errors.form}
        busy={busy}
        label={t('verification.submit')}
        onSubmit={submit}
        submitTestId={TID.verification.submitAdvanced}
      />
    </div>
  );
}
