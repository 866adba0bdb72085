import { useState } from 'react';
import { Button, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { alertCreateBody, type AlertCondition, type AlertItem } from '@hx/protocol';
import { FormRow } from '../../../components/FormRow.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { TextInput } from '../../../components/TextInput.tsx';
import { firstIssue } from '../../../features/auth/validate.ts';
import { useAlerts, useCreateAlert, useDeleteAlert } from '../../../features/alerts/queries.ts';
import { useFormSubmit } from '../../../features/forms/useFormSubmit.ts';
import { useQuote } from '../../../features/market/queries.ts';
import { useSession } from '../../../api/session-store.ts';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { symbolParam } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/alerts/alerts.css';
import { FormActions } from '../../../components/FormActions.tsx';

const CONDITIONS: readonly AlertCondition[] = ['above', 'below', 'move'];

/** One alert: what it waits for, when it was set or fired, and delete. */
function AlertRow({ alert, onDelete }: { alert: AlertItem; onDelete: () => void }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const what =
    alert.condition === 'move'
      ? t('alerts.describe.move', { percent: alert.percent })
      : t(`alerts.describe.${alert.condition}`, { price: alert.price });
  return (
    <div className="hx-record hx-alert-row" data-testid={TID.alerts.item(alert.id)}>
      <div className="hx-alert-row-main">
        <span className="hx-alert-row-what">
          {alert.symbol} {what}
        </span>
        <span className="hx-alert-row-when">
          {alert.fired_at === null
            ? t('alerts.createdAt', { time: formatTime(alert.created_at, locale) })
            : t('alerts.firedAt', {
                price: alert.fired_price,
                time: formatTime(alert.fired_at, locale),
              })}
        </span>
      </div>
      <Button
        size="mini"
        fill="outline"
        onClick={onDelete}
        data-testid={TID.alerts.delete(alert.id)}
      >
        {t('alerts.delete')}
      </Button>
    </div>
  );
}

/**
 * Price alerts (`?symbol=` presets the new one): above or below a price, or a 24 h move in
 * percent, each fired once on a recorded price and delivered as a notification.
 */
export default function AlertsPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const session = useSession();
  const [params] = useSearchParams();
  const [symbol, setSymbol] = useState(symbolParam(params.get('symbol')) ?? 'BTCUSDT');
  const [condition, setCondition] = useState<AlertCondition>('above');
  const [price, setPrice] = useState('');
  const [percent, setPercent] = useState('5');
  const quote = useQuote(symbolParam(symbol) ?? '');
  const current = quote.data?.price ?? null;
  const alerts = useAlerts(Boolean(session));
  const create = useCreateAlert();
  const remove = useDeleteAlert();
  const form = useFormSubmit();
  const { errors } = form;

  // The price starts at the current one (the user moves it to where they want to be told).
  const [prefilled, setPrefilled] = useState('');
  if (current !== null && prefilled !== symbol) {
    setPrefilled(symbol);
    setPrice(current);
  }

  const submit = () => {
    const body = { symbol, condition, ...(condition === 'move' ? { percent } : { price }) };
    return form.submit(firstIssue(alertCreateBody, body, locale), async () => {
      await create.mutateAsync(body);
      Toast.show({ icon: 'success', content: t('alerts.created') });
    });
  };

  const list = alerts.data?.list ?? [];
  const waiting = list.filter((a) => a.fired_at === null);
  const fired = list.filter((a) => a.fired_at !== null);
  const rows = (items: AlertItem[]) =>
    items.map((alert) => (
      <AlertRow
        key={alert.id}
        alert={alert}
        onDelete={() =>
          remove.mutate(alert.id, {
            onSuccess: () => Toast.show({ content: t('alerts.deleted') }),
          })
        }
      />
    ));

  return (
    <PageFrame title={t('alerts.title')}>
      <div className="hx-form">
        <FormRow label={t('alerts.symbol')} error={errors.symbol}>
          <TextInput
            value={symbol}
            onChange={(value) => setSymbol(value.trim().toUpperCase())}
            maxLength={20}
            autoComplete="off"
            testId={TID.alerts.symbol}
          />
        </FormRow>
        <p className="hx-form-hint" data-testid={TID.alerts.current}>
          {t('alerts.current', { price: current ?? '--' })}
        </p>
        <div className="hx-alert-conditions" role="group" aria-label={t('alerts.condition')}>
          {CONDITIONS.map((c) => (
            <Button
              key={c}
              size="small"
              color={c === condition ? 'primary' : 'default'}
              aria-pressed={c === condition}
              onClick={() => {
                setCondition(c);
                form.setErrors({});
              }}
              data-testid={TID.alerts.condition(c)}
            >
              {t(`alerts.conditions.${c}`)}
            </Button>
          ))}
        </div>
        {condition === 'move' ? (
          <FormRow label={t('alerts.percent')} error={errors.percent}>
            <TextInput
              value={percent}
              onChange={setPercent}
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('alerts.percentHint')}
              testId={TID.alerts.percent}
            />
          </FormRow>
        ) : (
          <FormRow label={t('alerts.price')} error={errors.price}>
            <TextInput
              value={price}
              onChange={setPrice}
              inputMode="decimal"
              autoComplete="off"
              testId={TID.alerts.price}
            />
          </FormRow>
        )}
        <FormActions
          error={errors.form}
          busy={form.busy}
          label={t('alerts.create')}
          onSubmit={() => void submit()}
          submitTestId={TID.alerts.create}
        />
        <h2 className="hx-alert-section">{t('alerts.waiting')}</h2>
        {waiting.length > 0 ? rows(waiting) : <p className="hx-form-hint">{t('alerts.empty')}</p>}
        {fired.length > 0 && (
          <>
            <h2 className="hx-alert-section">{t('alerts.fired')}</h2>
            {rows(fired)}
          </>
        )}
      </div>
    </PageFrame>
  );
}
