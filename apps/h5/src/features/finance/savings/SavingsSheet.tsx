import { useState } from 'react';
import { Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SavingsHolding, SavingsProduct } from '@hx/protocol';
import { FormSheet } from '../../../components/FormSheet.tsx';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { TID } from '../../../testids.ts';
import { isPositiveAmount } from '../../wallet/amount.ts';
import { AmountField } from '../../wallet/AmountField.tsx';
import { afterMoneyMoved, coinDetailQuery } from '../../wallet/queries.ts';
import { useIdempotencyKey } from '../../wallet/useIdempotencyKey.ts';
import { redeemSavings, subscribeSavings } from '../queries.ts';

export type SavingsAction = 'subscribe' | 'redeem';

/**
 * Subscribe (from the spot account) or redeem (to it) one coin's savings. A redemption over the
 * day's quota is told when it arrives.
 */
export function SavingsSheet({
  action,
  product,
  holding,
  onClose,
}: {
  action: SavingsAction | null;
  product: SavingsProduct;
  holding: SavingsHolding | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const detail = useQuery({ ...coinDetailQuery(product.currency_id), enabled: action !== null });
  const decimals = detail.data?.decimals ?? 4;
  const available =
    action === 'redeem' ? holding?.amount : detail.data?.accounts.currency.available;
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const coin = product.currency_name;

  const submit = async () => {
    if (!isPositiveAmount(amount)) return setError(t('savings.amountRequired'));
    const body = { currency_id: product.currency_id, amount };
    setBusy(true);
    try {
      if (action === 'redeem') {
        const done = await redeemSavings(body, idempotency.keyFor({ action, ...body }));
        Toast.show({
          icon: 'success',
          content: done.instant
            ? t('savings.redeemed')
            : t('savings.redeemLater', { at: formatTime(done.available_at, locale) }),
        });
      } else {
        await subscribeSavings(body, idempotency.keyFor({ action, ...body }));
        Toast.show({ icon: 'success', content: t('savings.subscribed') });
      }
      idempotency.done();
      setAmount('');
      await afterMoneyMoved(queryClient);
      onClose();
    } catch (err) {
      if (err instanceof Error) setError(err.message);
    } finally {
      setBusy(false);
    }
  };

  const ids = TID.savings.sheet;
  return (
    <FormSheet
      open={action !== null}
      onClose={onClose}
      title={t(action === 'redeem' ? 'savings.redeemTitle' : 'savings.subscribeTitle', { coin })}
      form={{ errors: { form: error }, busy }}
      testIds={{ sheet: ids.root, error: ids.error, submit: ids.submit }}
      label={t(action === 'redeem' ? 'savings.redeem' : 'savings.subscribe')}
      onSubmit={() => void submit()}
    >
      <div className="hx-form">
        <AmountField
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(undefined);
          }}
          decimals={decimals}
          coin={coin}
          available={available}
          testId={ids.amount}
          allTestId={ids.all}
          hint={
            action === 'redeem' && product.redeem_left_today !== null
              ? t('savings.quotaLeft', { amount: product.redeem_left_today, coin })
              : t('savings.fromSpot')
          }
        />
      </div>
    </FormSheet>
  );
}
