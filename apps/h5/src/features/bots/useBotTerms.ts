import { useTranslation } from 'react-i18next';
import { awaitingRun, type Bot } from './runs.ts';
import { useBotFormat } from './useBotFormat.ts';

/**
 * What the bot spends and how often ("10 USDT every day"), its price limit, and its next run as
 * of `now` (when the page's answer arrived): its time, or due (the job buys within a minute).
 */
export function useBotTerms(bot: Bot, now: number) {
  const { t } = useTranslation();
  const f = useBotFormat(bot.symbol);
  return {
    f,
    every: t(`bots.every.${bot.every}`, { amount: f.typed(bot.amount), coin: f.quote }),
    /** The time of day it buys at on its zone's clock, when one was chosen. */
    at: bot.at === null ? null : t('bots.atTime', { time: bot.at, zone: bot.time_zone }),
    limit:
      bot.max_price === null
        ? t('bots.anyPrice')
        : t('bots.atMost', { price: f.typed(bot.max_price), coin: f.quote }),
    /** None once stopped. */
    next:
      bot.next_run_at === null
        ? null
        : { due: awaitingRun(bot, now), time: f.time(bot.next_run_at) },
  };
}
