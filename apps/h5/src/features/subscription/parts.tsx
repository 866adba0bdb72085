import { ProgressBar, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { ProjectItem, ProjectState } from '@hx/protocol';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { floorFormat, formatDecimal, formatPercent } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { countdownTarget, percent, timeLeft } from './format.ts';
import { useServerNow } from './queries.ts';
import './subscription.css';

const STATE_COLORS = { subscribing: 'primary', sold_out: 'warning', launched: 'success' } as const;

export function StateTag({ state }: { state: ProjectState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} fill="outline" data-state={state}>
      {t(`publication.states.${state}`)}
    </Tag>
  );
}

/** The token's round badge, its symbol and full name. */
export function TokenTitle({ project }: { project: ProjectItem }) {
  return (
    <div className="hx-pub-token">
      <span className="hx-pub-badge" aria-hidden="true">
        {project.name.slice(0, 1)}
      </span>
      <span className="hx-pub-names">
        <strong>{project.name}</strong>
        <small>{project.full_name}</small>
      </span>
    </div>
  );
}

/** Subscribed against supply: a bar and the percentage (oversubscription shows 100%). */
export function ProjectProgress({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const value = percent(project.progress);
  return (
    <div className="hx-pub-progress" data-testid={TID.publication.progress(project.id)}>
      <ProgressBar percent={Number(value)} />
      <div className="hx-pub-progress-line">
        <span>{t('publication.progress')}</span>
        <span>{formatPercent(project.progress, locale, 2, true)}</span>
      </div>
    </div>
  );
}

/** Counts to the start, the close or the launch, whichever comes next. */
export function Countdown({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const now = useServerNow();
  const target = countdownTarget(project, now);
  if (!target) return null;
  const left = timeLeft(target.at, now);
  return (
    <div className="hx-pub-countdown" data-testid={TID.publication.countdown}>
      <span>{t(`publication.countdown.${target.phase}`)}</span>
      <strong>
        {t('publication.countdown.days', { n: left.days })} {left.clock}
      </strong>
    </div>
  );
}

/** A project in a list: token, state, price, supply, progress and its next time. */
export function ProjectCard({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  return (
    <button
      type="button"
      className="hx-pub-card"
      onClick={() => navigate(`/pages/publication/details?id=${project.id}`)}
      data-testid={TID.publication.project(project.name)}
    >
      <div className="hx-pub-card-head">
        <TokenTitle project={project} />
        <StateTag state={project.state} />
      </div>
      <div className="hx-pub-stats">
        <div>
          <small>{t('publication.issuePrice')}</small>
          <span>{formatDecimal(project.issue_price, locale)} USDT</span>
        </div>
        <div>
          <small>{t('publication.supply')}</small>
          <span>{floorFormat(project.supply, 0, locale)}</span>
        </div>
        <div>
          <small>{t('publication.lockDays')}</small>
          <span>{t('publication.days', { n: project.lock_days })}</span>
        </div>
      </div>
      <ProjectProgress project={project} />
      <div className="hx-pub-card-time">
        {project.state === 'subscribing'
          ? t('publication.closesAt', { time: formatTime(project.close_time, locale) })
          : t('publication.launchAt', { time: formatTime(project.launch_time, locale) })}
      </div>
    </button>
  );
}
