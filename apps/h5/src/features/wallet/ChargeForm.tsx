import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { chargeBody } from '@hx/protocol';
import { errorMessage } from '../../i18n/errors.ts';
import { call } from '../../api/call.ts';
import { firstIssue, type FormIssue } from '../auth/validate.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { below } from './amount.ts';
import { AmountField } from './AmountField.tsx';
import { ImageField } from './ImageField.tsx';
import { afterMoneyMoved } from './queries.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import { FormActions } from '../../components/FormActions.tsx';

/**
 * "I have paid": the amount sent and a picture of the payment. The deposit is credited when an
 * operator has checked it; the user lands on the deposit records to follow it.
 */
export function ChargeForm({
  currencyId,
  coin,
  decimals,
  network,
  min,
}: {
  currencyId: number;
  coin: string;
  decimals: number;
  /** A network of the coin, or BANK. */
  network: string;
  /** The minimum deposit, once known. */
  min: string | undefined;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [voucher, setVoucher] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const minText = min === undefined ? '--' : floorFormat(min, decimals, locale, { group: false });

  const show = (issue: FormIssue) => {
    setErrors({ [issue.field]: issue.message });
    Toast.show({ content: issue.message });
  };

  const submit = async () => {
    const body = { currency_id: currencyId, network, number: amount, voucher };
    // The amount's own problems first, then the minimum, then the voucher (the form's order).
    const schema = firstIssue(chargeBody, body, locale);
    const belowMin =
      min !== undefined && below(amount, min)
        ? {
            field: 'number',
            message: errorMessage('DEPOSIT_BELOW_MIN', locale, { min: minText, coin }),
          }
        : null;
    const issue = schema && schema.field !== 'voucher' ? schema : (belowMin ?? schema);
    if (issue) return show(issue);
    setErrors({});
    setBusy(true);
    try {
      await call.depositReport(body, { idempotencyKey: idempotency.keyFor(body) });
      idempotency.done();
      Toast.show({ icon: 'success', content: t('deposit.submitted') });
      await afterMoneyMoved(queryClient);
      void navigate('/pages/assets/record?type=deposit', { replace: true });
    } catch (error) {
      if (error instanceof Error) setErrors({ form: error.message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="hx-charge">
      <AmountField
        value={amount}
        onChange={setAmount}
        decimals={decimals}
        coin={coin}
        error={errors.number}
        testId={TID.deposit.amount}
        hint={
          <span data-testid={TID.deposit.min}>{t('deposit.min', { amount: minText, coin })}</span>
        }
      />
      <ImageField
        label={t('deposit.voucher')}
        value={voucher}
        onChange={setVoucher}
        error={errors.voucher}
        testId={TID.deposit.voucher}
      />
      <p className="hx-form-hint">{t('deposit.voucherHint')}</p>
      <FormActions
        error={errors.form}
        busy={busy}
        label={t('deposit.submit')}
        onSubmit={submit}
        submitTestId={TID.deposit.submit}
      />
    </div>
  );
}
