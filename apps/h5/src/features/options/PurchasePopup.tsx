import { useState } from 'react';
import { Button, Popup, Toast } from 'antd-mobile';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { OptionCurrency, OptionPeriod, OptionType } from '@hx/contracts';
import { below, exceeds } from '../wallet/amount.ts';
import { AmountField } from '../wallet/AmountField.tsx';
import { useIdempotencyKey } from '../wallet/useIdempotencyKey.ts';
import { TID } from '../../testids.ts';
import { expectedPayout, percent } from './calc.ts';
import { afterOptionsChanged, buyOption } from './queries.ts';
import { TypeTag } from './OrderItem.tsx';

/**
 * The purchase sheet: amount in the options account's coin, the expected payout of a win, and
 * the checks of the spec (amount, minimum, balance) before the server checks them again.
 */
export function PurchasePopup({
  symbol,
  type,
  period,
  currency,
  price,
  onClose,
}: {
  symbol: string;
  type: OptionType | null;
  period: OptionPeriod;
  currency: OptionCurrency;
  price: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const idempotency = useIdempotencyKey();
  const payout = expectedPayout(amount, period.profit_rate, currency.decimals);

  const confirm = async () => {
    if (!type) return;
    const issue = !amount
      ? t('options.amountRequired')
      : below(amount, period.min_amount)
        ? t('options.belowMin', { min: period.min_amount, coin: currency.name })
        : exceeds(amount, currency.available)
          ? t('options.insufficient')
          : null;
    if (issue) {
      setError(issue);
      Toast.show({ content: issue });
      return;
    }
    setError(undefined);
    setBusy(true);
    const body = {
      symbol,
      type,
      seconds: period.seconds,
      currency_id: currency.currency_id,
      number: amount,
    };
    try {
      const result = await buyOption(body, idempotency.keyFor(body));
      idempotency.done();
      Toast.show({
        icon: 'success',
        content: t('options.bought', { price: result.open_price }),
      });
      setAmount('');
      onClose();
    } catch (err) {
      if (err instanceof Error) setError(err.message);
    } finally {
      setBusy(false);
      void afterOptionsChanged(queryClient);
    }
  };

  return (
    <Popup
      visible={type !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyClassName="hx-option-popup"
      destroyOnClose
    >
      <div className="hx-option-popup-body" data-testid={TID.options.popup}>
        <div className="hx-option-popup-title">
          <strong>{symbol.replace(/USDT$/, '/USDT')}</strong>
          {type && <TypeTag type={type} />}
        </div>
        <dl className="hx-option-facts">
          <dt>{t('options.period')}</dt>
          <dd>{period.seconds}s</dd>
          <dt>{t('options.payoutRate')}</dt>
          <dd>{percent(period.profit_rate)}</dd>
          <dt>{t('options.currentPrice')}</dt>
          <dd>{price ?? '--'}</dd>
        </dl>
        <AmountField
          label={t('options.amount')}
          value={amount}
          onChange={(v) => {
            setAmount(v);
            setError(undefined);
          }}
          decimals={currency.decimals}
          coin={currency.name}
          available={currency.available}
          hint={
            <>
              {t('options.available', { amount: currency.available, coin: currency.name })}
              {' · '}
              {t('options.minimum', { min: period.min_amount, coin: currency.name })}
              {' · '}
              <Link to="/pages/transfer/index?from=currency" data-testid={TID.options.transfer}>
                {t('options.transferIn')}
              </Link>
            </>
          }
          error={error}
          testId={TID.options.amount}
        />
        <div className="hx-option-expected">
          <span>{t('options.expected')}</span>
          <strong data-testid={TID.options.expected}>
            {payout ? `${payout} ${currency.name}` : '--'}
          </strong>
        </div>
        <p className="hx-option-note">{t(`options.rule.${type ?? 'call'}`)}</p>
        <Button
          block
          color="primary"
          loading={busy}
          onClick={() => void confirm()}
          data-testid={TID.options.confirm}
        >
          {t('options.confirm')}
        </Button>
      </div>
    </Popup>
  );
}
