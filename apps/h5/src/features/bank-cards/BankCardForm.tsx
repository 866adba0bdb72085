import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { bankCardBody } from '@hx/protocol';
import { refresh } from '../../cache/refresh.ts';
import { FormActions } from '../../components/FormActions.tsx';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { useFormSubmit } from '../forms/useFormSubmit.ts';
import { DestinationProof, FundPasswordFirst } from '../wallet/DestinationProof.tsx';
import { useDestinationProof } from '../wallet/useDestinationProof.ts';
import type { BankCardField } from '../wallet/types.ts';
import { TID } from '../../testids.ts';
import '../wallet/styles.ts';
import { saveBankCard } from './queries.ts';

/** The fields in the form's order, with their longest accepted length. */
const LIMITS: Record<BankCardField, number> = {
  name: 100,
  card_number: 64,
  depositary_bank: 100,
  branch: 100,
  bank_name: 100,
  bank_address: 200,
  swift_code: 32,
  payee_address: 200,
  zip_code: 16,
};

const BANK_CARD_FIELDS = Object.keys(LIMITS) as BankCardField[];
const empty = Object.fromEntries(BANK_CARD_FIELDS.map((f) => [f, ''])) as Record<
  BankCardField,
  string
>;

/**
 * Bind a bank card: every field of an international transfer, all required, then what a new
 * withdraw address takes: the fund password, a code to the user, and the authenticator's code
 * with 2FA on.
 */
export function BankCardForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(empty);
  const proof = useDestinationProof();
  const form = useFormSubmit();
  const { errors, busy } = form;

  const submit = async () => {
    const body = {
      ...(Object.fromEntries(BANK_CARD_FIELDS.map((f) => [f, values[f].trim()])) as Record<
        BankCardField,
        string
      >),
      ...proof.fields,
    };
    const issue = proof.issue(bankCardBody, body);
    await form.submit(issue, async () => {
      await saveBankCard(body);
      Toast.show({ icon: 'success', content: t('bank.saved') });
      await refresh(queryClient, 'bankCards');
      onDone();
    });
  };

  return (
    <div className="hx-form">
      <FundPasswordFirst proof={proof} />
      {BANK_CARD_FIELDS.map((field) => (
        <FormRow key={field} label={t(`bank.fields.${field}`)} error={errors[field]}>
          <TextInput
            value={values[field]}
            onChange={(v) => setValues((old) => ({ ...old, [field]: v }))}
            placeholder={t(`bank.placeholders.${field}`)}
            maxLength={LIMITS[field]}
            autoComplete="off"
            testId={TID.bank.field(field)}
          />
        </FormRow>
      ))}
      <DestinationProof proof={proof} errors={errors} testIds={TID.bank} />
      <FormActions
        error={errors.form}
        busy={busy}
        label={t('bank.save')}
        onSubmit={submit}
        submitTestId={TID.bank.submit}
      />
    </div>
  );
}
