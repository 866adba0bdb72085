import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { InfoList } from '../wallet/InfoList.tsx';
import { BotStatusTag } from './BotStatusTag.tsx';
import { botTotals, type Bot } from './runs.ts';
import { useBotTerms } from './useBotTerms.ts';
import './bots.css';

/**
 * A bot's settings and state: pair and kind, what it spends how often, its price limit, when it
 * runs next (as of `now`), and what its purchases add up to.
 */
export function BotSummary({ bot, now }: { bot: Bot; now: number }) {
  const { t } = useTranslation();
  const { f, every, at, limit, next } = useBotTerms(bot, now);
  const totals = botTotals(bot.runs);
  return (
    <>
      <div className="hx-detail-head hx-bot-head">
        <div className="hx-detail-amount">
          {f.name}
          <span className="hx-record-network">{t(`bots.kind.${bot.kind}`)}</span>
        </div>
        <BotStatusTag status={bot.status} testId={TID.bots.detail.status} />
      </div>
      <InfoList
        rows={[
          { label: t('bots.detail.terms'), value: every },
          { label: t('bots.detail.maxPrice'), value: limit },
          at === null
            ? { label: t('bots.detail.timeZone'), value: bot.time_zone }
            : { label: t('bots.detail.at'), value: at, testId: TID.bots.detail.at },
          ...(next === null
            ? []
            : [
                {
                  label: t('bots.detail.nextRun'),
                  value: next.due ? t('bots.detail.soon') : next.time,
                  testId: TID.bots.detail.nextRun,
                },
              ]),
          { label: t('bots.detail.startedAt'), value: f.time(bot.created_at) },
          {
            label: t('bots.detail.runs'),
            value: t('bots.detail.runsValue', { runs: bot.runs.length, bought: totals.bought }),
          },
          // What it bought so far, once it has bought.
          ...(totals.bought === 0
            ? []
            : [
                { label: t('bots.detail.spent'), value: `${f.spent(totals.spent)} ${f.quote}` },
                { label: t('bots.detail.bought'), value: `${f.amount(totals.amount)} ${f.base}` },
                {
                  label: t('bots.detail.average'),
                  value: `${f.price(totals.average)} ${f.quote}`,
                },
              ]),
        ]}
      />
    </>
  );
}
