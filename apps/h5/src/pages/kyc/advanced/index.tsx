import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { realName2Body } from '@hx/protocol';
import { refresh } from '../../../cache/refresh.ts';
import { errorMessage } from '../../../i18n/errors.ts';
import { call } from '../../../api/call.ts';
import { FormRow } from '../../../components/FormRow.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { firstIssue } from '../../../features/auth/validate.ts';
import { ImageField } from '../../../features/wallet/ImageField.tsx';
import { PrerequisiteList } from '../../../features/wallet/PrerequisiteList.tsx';
import { kycQuery } from '../../../features/wallet/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import { useFormSubmit } from '../../../features/forms/useFormSubmit.ts';

const PHOTOS = ['front', 'back', 'hand'] as const;

/** Advanced verification: contact address and three photos of the ID. Needs basic verified. */
export default function AdvancedVerificationPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kyc = useQuery({ ...kycQuery, refetchOnMount: 'always' });
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
      await call('kycAdvanced', body);
      Toast.show({ icon: 'success', content: t('verification.submitted') });
      await refresh(queryClient, 'kycSent');
      void navigate('/pages/verification/index', { replace: true });
    });
  };

  return (
    <PageFrame title={t('verification.advanced.title')}>
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
        {errors.form && (
          <div className="hx-form-error" role="alert">
            {errors.form}
          </div>
        )}
        <Button
          block
          color="primary"
          size="large"
          loading={busy}
          onClick={submit}
          data-testid={TID.verification.submitAdvanced}
        >
          {t('verification.submit')}
        </Button>
      </div>
    </PageFrame>
  );
}
