import { useMemo, useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { realNameBody } from '@hx/protocol';
import { refresh } from '../../cache/refresh.ts';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { SelectField } from '../wallet/SelectField.tsx';
import { useLocale } from '../../i18n/index.ts';
import { countryOptions } from '../../lib/countries.ts';
import { TID } from '../../testids.ts';
import '../wallet/styles.ts';
import { submitBasicKyc } from './queries.ts';
import { FormActions } from '../../components/FormActions.tsx';

/** Every country, named and sorted in the user's language; the server gets its ISO code. */
function useCountries() {
  const locale = useLocale();
  return useMemo(
    () =>
      countryOptions(locale).map(({ code, name, search }) => ({
        key: code,
        label: name,
        testKey: code,
        search,
      })),
    [locale],
  );
}

/** Basic verification: country, full name and ID number, reviewed by an operator. */
export function BasicVerificationForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const countries = useCountries();
  const [country, setCountry] = useState<string | undefined>(undefined);
  const [name, setName] = useState('');
  const [idNumber, setIdNumber] = useState('');
  const form = useFormSubmit();
  const { errors, busy } = form;

  const submit = async () => {
    const body = { country: country ?? '', name: name.trim(), id_number: idNumber.trim() };
    const issue = firstIssue(realNameBody, body, locale);
    await form.submit(issue, async () => {
      await submitBasicKyc(body);
      Toast.show({ icon: 'success', content: t('verification.submitted') });
      await refresh(queryClient, 'kycSent');
      onDone();
    });
  };

  return (
    <div className="hx-form">
      <SelectField
        label={t('verification.country')}
        value={country}
        options={countries}
        onChange={setCountry}
        placeholder={t('verification.countryPlaceholder')}
        error={errors.country}
        testId={TID.verification.country}
        searchable
        searchPlaceholder={t('verification.countrySearch')}
      />
      <FormRow label={t('verification.name')} error={errors.name}>
        <TextInput
          value={name}
          onChange={setName}
          placeholder={t('verification.namePlaceholder')}
          autoComplete="name"
          maxLength={100}
          testId={TID.verification.name}
        />
      </FormRow>
      <FormRow label={t('verification.idNumber')} error={errors.id_number}>
        <TextInput
          value={idNumber}
          onChange={setIdNumber}
          placeholder={t('verification.idNumberPlaceholder')}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={64}
          testId={TID.verification.idNumber}
        />
      </FormRow>
      <p className="hx-form-hint">{t('verification.privacy')}</p>
      <FormActions
        error={errors.form}
        busy={busy}
        label={t('verification.submit')}
        onSubmit={submit}
        submitTestId={TID.verification.submitBasic}
      />
    </div>
  );
}
