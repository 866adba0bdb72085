import { Dialog, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { LeverPosition } from '@hx/protocol';
import { call } from '../../api/call.ts';
import { useLocale } from '../../i18n/index.ts';
import { netProfit, signed } from './calc.ts';

/**
 * What can be done to positions, each asked first: close one, cancel a waiting entry, close all
 * (or all longs, all shorts). A refusal was toasted by the api client; the list refreshes after.
 */
export function usePositionActions(refresh: () => Promise<unknown>) {
  const { t } = useTranslation();
  const locale = useLocale();

  const close = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      title: t('lever.closeTitle'),
      content: t('lever.closeConfirm', {
        symbol: p.symbol,
        lots: p.lots,
        side: t(`lever.${p.side}`),
      }),
      confirmText: t('lever.close'),
      cancelText: t('lever.keep'),
    });
    if (!ok) return;
    try {
      const closed = await call.leverClose({ id: p.id });
      Toast.show({
        icon: 'success',
        content: t('lever.closed', {
          profit: signed(netProfit(closed.profit, closed.fee), locale),
        }),
      });
    } catch {
      // toasted
    }
    await refresh();
  };

  const cancel = async (p: LeverPosition) => {
    const ok = await Dialog.confirm({
      content: t('lever.cancelConfirm'),
      confirmText: t('lever.cancel'),
      cancelText: t('lever.keep'),
    });
    if (!ok) return;
    try {
      await call.leverCancel({ id: p.id });
    } catch {
      // toasted
    }
    await refresh();
  };

  const closeAll = () => {
    const run = async (which: 'all' | 'long' | 'short') => {
      try {
        const { list } = await call.leverCloseAll({
          side: which,
        });
        Toast.show({ content: t('lever.closedCount', { count: list.length }) });
      } catch {
        // toasted
      }
      await refresh();
    };
    Dialog.show({
      title: t('lever.closeAllTitle'),
      closeOnAction: true,
      closeOnMaskClick: true,
      actions: [
        { key: 'all', text: t('lever.closeAll'), onClick: () => run('all') },
        { key: 'long', text: t('lever.closeLongs'), onClick: () => run('long') },
        { key: 'short', text: t('lever.closeShorts'), onClick: () => run('short') },
        { key: 'no', text: t('lever.keep') },
      ],
    });
  };

  return { close, cancel, closeAll };
}
