import { Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../i18n/errors.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import { runState, skipCode, type Bot, type BotRun, type RunState } from './runs.ts';
import { useBotFormat } from './useBotFormat.ts';
import './bots.css';

const STATE_COLORS = { bought: 'success', skipped: 'warning', buying: 'primary' } as const;

/** One run: when, bought or skipped (and why, in the user's language), and what it bought. */
function RunRow({ run, f }: { run: BotRun; f: ReturnType<typeof useBotFormat> }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const state: RunState = runState(run);
  const code = skipCode(run);
  return (
    <li className="hx-record hx-bot-run" data-testid={TID.bots.detail.run(run.period)}>
      <div className="hx-record-line">
        <span className="hx-record-meta hx-record-time">{f.time(run.at)}</span>
        <Tag
          color={STATE_COLORS[state]}
          fill="outline"
          data-testid={TID.bots.detail.runState(run.period)}
          data-state={state}
        >
          {t(`bots.run.${state}`)}
        </Tag>
      </div>
      {state === 'bought' && (
        <dl className="hx-bot-run-figures">
          <div>
            <dt>{t('bots.run.price')}</dt>
            <dd>{`${f.price(run.price)} ${f.quote}`}</dd>
          </div>
          <div>
            <dt>{t('bots.run.amount')}</dt>
            <dd>{`${f.amount(run.amount)} ${f.base}`}</dd>
          </div>
          <div>
            <dt>{t('bots.run.spent')}</dt>
            <dd>{`${f.spent(run.spent)} ${f.quote}`}</dd>
          </div>
        </dl>
      )}
      {state === 'skipped' && (
        <div className="hx-record-reason">
          {code ? errorMessage(code, locale) : t('bots.run.noReason')}
        </div>
      )}
    </li>
  );
}

/** The bot's runs, newest first; before the first one, a word that it is on its way. */
export function BotRuns({ bot }: { bot: Bot }) {
  const { t } = useTranslation();
  const f = useBotFormat(bot.symbol);
  return (
    <section data-testid={TID.bots.detail.history}>
      <h2 className="hx-bot-section">{t('bots.detail.history')}</h2>
      {bot.runs.length === 0 ? (
        <p className="hx-form-hint" data-testid={TID.bots.detail.noRuns}>
          {t(bot.status === 'running' ? 'bots.detail.noRunsYet' : 'bots.detail.noRuns')}
        </p>
      ) : (
        <ul className="hx-records hx-bot-runs">
          {bot.runs.map((run) => (
            <RunRow key={run.period} run={run} f={f} />
          ))}
        </ul>
      )}
    </section>
  );
}
