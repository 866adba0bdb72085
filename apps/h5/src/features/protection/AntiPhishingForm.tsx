import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { antiPhishingBody } from '@hx/protocol';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { firstIssue } from '../auth/validate.ts';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { AuthenticatorField } from '../two-factor/AuthenticatorField.tsx';
import { totpIssue } from '../two-factor/totp.ts';
import { useSession } from '../../api/session-store.ts';
import { FundPasswordField } from '../wallet/FundPasswordField.tsx';
import { PAY_PASSWORD_PATH } from '../wallet/prerequisites.ts';
import { Prerequisite } from '../wallet/Prerequisite.tsx';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { saveAntiPhishing, securityQuery, useSecurityState } from './queries.ts';
import '../wallet/styles.ts';
import './protection.css';
import { FormActions } from '../../components/FormActions.tsx';

/**
 * The anti-phishing phrase with a preview of a mail that starts with it, saved with the fund
 * password (and the authenticator code); `onDone` runs once the server has taken it.
 */
export function AntiPhishingForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const token = useSession()?.token;
  const { data: state } = useSecurityState();
  const [phrase, setPhrase] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const form = useFormSubmit();
  const { errors } = form;
  const twoFactor = state?.two_factor ?? false;

  const submit = () => {
    const body = {
      anti_phishing: phrase,
      pay_password: password,
      totp: twoFactor ? totp : undefined,
    };
    const issue =
      firstIssue(antiPhishingBody, body, locale) ?? (twoFactor ? totpIssue(totp, locale, t) : null);
    return form.submit(issue, async () => {
      const next = await saveAntiPhishing(body);
      queryClient.setQueryData(securityQuery(token).queryKey, next);
      Toast.show({ icon: 'success', content: t('protection.antiPhishingSaved') });
      onDone();
    });
  };

  return (
    <div className="hx-form">
      {state && !state.fund_password && (
        <Prerequisite
          message={t('protection.needsFundPassword')}
          action={t('money.fix.payPassword')}
          to={PAY_PASSWORD_PATH}
          testId={TID.prerequisite('payPassword')}
        />
      )}
      <p className="hx-form-hint">{t('protection.antiPhishingIntro')}</p>
      <dl className="hx-summary">
        <div>
          <dt>{t('protection.antiPhishingCurrent')}</dt>
          <dd data-testid={TID.protection.phraseCurrent}>
            {state ? (state.anti_phishing ?? t('protection.notSet')) : '--'}
          </dd>
        </div>
      </dl>
      <FormRow label={t('protection.antiPhishingNew')} error={errors.anti_phishing}>
        <TextInput
          value={phrase}
          onChange={(value) => {
            setPhrase(value);
            if (errors.anti_phishing) form.setErrors({});
          }}
          maxLength={20}
          autoComplete="off"
          placeholder={t('protection.antiPhishingPlaceholder')}
          testId={TID.protection.phrase}
        />
      </FormRow>
      <figure className="hx-mail-preview" data-testid={TID.protection.phrasePreview}>
        <figcaption className="hx-mail-preview-head">
          {t('protection.antiPhishingPreview')}
        </figcaption>
        <div className="hx-mail-preview-body">
          <div>
            {t('protection.previewLine')}{' '}
            <span className="hx-mail-preview-phrase">{phrase.trim() || '••••'}</span>
          </div>
          <div>{t('protection.previewBody')}</div>
        </div>
      </figure>
      <FundPasswordField
        value={password}
        onChange={setPassword}
        error={errors.pay_password}
        testId={TID.protection.password}
      />
      {twoFactor && (
        <AuthenticatorField
          value={totp}
          onChange={setTotp}
          error={errors.totp}
          testId={TID.protection.totp}
        />
      )}
      <FormActions
        error={errors.form}
        busy={form.busy}
        label={t('common.save')}
        disabled={state !== undefined && !state.fund_password}
        onSubmit={() => void submit()}
        submitTestId={TID.protection.phraseSave}
      />
    </div>
  );
}
