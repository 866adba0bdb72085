import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { TID } from '../../testids.ts';
import { BotStatusTag } from './BotStatusTag.tsx';
import type { Bot } from './runs.ts';
import { useBotTerms } from './useBotTerms.ts';
import './bots.css';

/** One bot: its pair and kind, what it buys, when next, how many runs; opens its details. */
function BotRow({ bot, now }: { bot: Bot; now: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { f, every, limit, next } = useBotTerms(bot, now);
  return (
    <li>
      <button
        type="button"
        className="hx-record hx-record--link hx-bot"
        onClick={() => void navigate(`/pages/bots/detail?id=${bot.id}`)}
        data-testid={TID.bots.item(bot.id)}
      >
        <div className="hx-record-line">
          <span className="hx-record-title">
            {f.name}
            <span className="hx-record-network">{t(`bots.kind.${bot.kind}`)}</span>
          </span>
          <BotStatusTag status={bot.status} testId={TID.bots.status(bot.id)} />
        </div>
        <div className="hx-record-line">
          <span className="hx-record-amount">{every}</span>
          <span className="hx-record-meta">{limit}</span>
        </div>
        <div className="hx-record-line hx-record-meta">
          {next !== null && (
            <span data-testid={TID.bots.nextRun(bot.id)}>
              {next.due ? t('bots.nextRunSoon') : t('bots.nextRunAt', { time: next.time })}
            </span>
          )}
          <span data-testid={TID.bots.runCount(bot.id)}>
            {t('bots.runCount', { runs: bot.runs.length })}
          </span>
        </div>
      </button>
    </li>
  );
}

/** The user's bots, newest first (the server's order), as of `now`. */
export function BotList({ list, now }: { list: readonly Bot[]; now: number }) {
  return (
    <ul className="hx-records hx-bots">
      {list.map((bot) => (
        <BotRow key={bot.id} bot={bot} now={now} />
      ))}
    </ul>
  );
}
