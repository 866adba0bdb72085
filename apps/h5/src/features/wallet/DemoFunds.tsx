import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { showToast } from '../../api/toast.ts';
import { refresh } from '../../cache/refresh.ts';
import { useLocale } from '../../i18n/index.ts';
import { floorFormat } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { useIsDemo } from '../config/queries.ts';
import { countdown } from '../options/calc.ts';
import { useNow } from '../options/useNow.ts';
import { useIdempotencyKey } from './useIdempotencyKey.ts';
import { queryKeys } from '../../cache/queryKeys.ts';
import './demo-funds.css';

/** "10000.0000" → "10000", "0.50000000" → "0.5": the amount as credited, without padding. */
function trimmed(number: string): string {
  return number.includes('.') ? number.replace(/0+$/, '').replace(/\.$/, '') : number;
}

/**
 * Demo mode only: tops up the spot account with demo coins (the server allows one top-up every
 * 10 minutes and says when the next is possible); the balances refresh after.
 */
export function DemoFunds() {
  const { t } = useTranslation();
  const locale = useLocale();
  const queryClient = useQueryClient();
  const idempotency = useIdempotencyKey();
  const [busy, setBusy] = useState(false);
  const demo = useIsDemo();
  // When the next top-up is allowed, as the server counts (once per 10 minutes).
  const status = useQuery({
    queryKey: queryKeys.demoFunds,
    queryFn: () => call.demoFundsStatus(undefined, { loading: false, toast: false }),
    enabled: demo,
  });
  const nextAt = status.data?.next_at ?? null;
  // Ticks while the server names a time (null: a top-up is allowed now).
  const now = useNow(nextAt !== null);
  if (!demo) return null;
  const wait = nextAt === null ? 0 : nextAt - now;
  const left = countdown(nextAt ?? 0, now);

  const topUp = async () => {
    setBusy(true);
    try {
      const { list } = await call.demoFundsTopUp(undefined, {
        idempotencyKey: idempotency.keyFor('demo_funds'),
      });
      idempotency.done();
      const amounts = list.map(({ number, name }) => {
        const value = trimmed(number);
        return `${floorFormat(value, value.split('.')[1]?.length ?? 0, locale)} ${name}`;
      });
      void showToast({
        icon: 'success',
        content: t('demoFunds.credited', { list: amounts.join(', ') }),
      });
      await refresh(queryClient, 'funds');
    } catch {
      idempotency.done(); // refused (too soon) or failed: the http client said why
      void status.refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="hx-demo-funds">
      <div className="hx-demo-funds-text">
        <div className="hx-demo-funds-title">{t('demoFunds.title')}</div>
        <div className="hx-demo-funds-note">{t('demoFunds.note')}</div>
        {wait > 0 && (
          <div className="hx-demo-funds-wait" role="timer" data-testid={TID.assets.demoFundsWait}>
            {t('demoFunds.wait', { time: left })}
          </div>
        )}
      </div>
      <Button
        size="small"
        color="primary"
        fill="outline"
        loading={busy}
        onClick={() => void topUp()}
        data-testid={TID.assets.demoFunds}
      >
        {/* Still pressable while waiting: the server's answer says the minutes left. */}
        {wait > 0 ? left : t('demoFunds.button')}
      </Button>
    </section>
  );
}
