import { Button } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { Decimal } from '@hx/money';
import type { ProjectItem } from '@hx/protocol';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { InfoList } from '../../../features/wallet/InfoList.tsx';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import {
  Countdown,
  ProjectProgress,
  StateTag,
  TokenTitle,
} from '../../../features/subscription/parts.tsx';
import { projectQuery, useServerNow } from '../../../features/subscription/queries.ts';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { floorFormat, formatDecimal, formatPercent } from '../../../lib/number.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';

/** One project: price, progress, countdown, its times and terms, and the introduction. */
export default function PublicationDetailsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const query = useQuery(projectQuery(id ?? 0));
  const view = recordView(id, query);
  const now = useServerNow();
  const project = query.data;

  const body = () => {
    if (!project)
      return (
        <RecordUnavailable
          view={view}
          query={query}
          notFound={{
            title: t('missing.project'),
            backTo: '/pages/publication/index',
            backLabel: t('missing.toProjects'),
          }}
        />
      );
    const open = project.state === 'subscribing' && now >= project.start_time;
    return (
      <>
        <ProjectHero project={project} />
        <ProjectFacts project={project} />
        <section className="hx-pub-block">
          <h2>{t('publication.introduction')}</h2>
          <p className="hx-pub-intro" data-testid={TID.publication.introduction}>
            {project.introduction}
          </p>
          {project.website && (
            <p className="hx-pub-intro">
              <a href={project.website} target="_blank" rel="noreferrer noopener">
                {project.website}
              </a>
            </p>
          )}
        </section>
        <div className="hx-pub-actions">
          <Button
            block
            color="primary"
            size="large"
            disabled={!open}
            onClick={() => navigate(`/pages/publication/purchase?id=${project.id}`)}
            data-testid={TID.publication.subscribe}
          >
            {open
              ? t('publication.subscribeNow')
              : project.state === 'subscribing'
                ? t('publication.notStarted')
                : t(`publication.states.${project.state}`)}
          </Button>
        </div>
      </>
    );
  };

  return (
    <PageFrame
      title={project?.name ?? t('publication.details')}
      right={
        <NavAction
          label={t('publication.records')}
          icon={<BillOutline />}
          to="/pages/publication/records"
          testId={TID.publication.records}
        />
      }
    >
      <Refreshable
        onRefresh={() =>
          queryClient.refetchQueries({ queryKey: queryKeys.publication, type: 'active' })
        }
      >
        {body()}
      </Refreshable>
    </PageFrame>
  );
}

/** The token, its state, issue and current price, progress and countdown. */
function ProjectHero({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const change = new Decimal(project.price).minus(project.issue_price).div(project.issue_price);
  return (
    <section className="hx-pub-hero">
      <div className="hx-pub-card-head">
        <TokenTitle project={project} />
        <StateTag state={project.state} />
      </div>
      <div className="hx-pub-price">
        <div>
          <small>{t('publication.issuePrice')}</small>
          <strong data-testid={TID.publication.price}>
            {formatDecimal(project.issue_price, locale)} USDT
          </strong>
        </div>
        {project.state === 'launched' && (
          <div>
            <small>{t('publication.currentPrice')}</small>
            <span className={change.isNegative() ? 'hx-pub-loss' : 'hx-pub-gain'}>
              {formatDecimal(project.price, locale)} USDT (
              {formatPercent(change.toFixed(), locale, 2, true)})
            </span>
          </div>
        )}
      </div>
      <ProjectProgress project={project} />
      <Countdown project={project} />
    </section>
  );
}

/** Its times, lock-up, supply, what is subscribed, the minimum and the coins it takes. */
function ProjectFacts({ project }: { project: ProjectItem }) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <section className="hx-pub-block">
      <InfoList
        rows={[
          { label: t('publication.startTime'), value: formatTime(project.start_time, locale) },
          { label: t('publication.closeTime'), value: formatTime(project.close_time, locale) },
          {
            label: t('publication.launchTime'),
            value: formatTime(project.launch_time, locale),
          },
          {
            label: t('publication.lockDays'),
            value: t('publication.days', { n: project.lock_days }),
          },
          {
            label: t('publication.supply'),
            value: `${floorFormat(project.supply, 0, locale)} ${project.name}`,
          },
          {
            label: t('publication.subscribed'),
            value: `${floorFormat(project.subscribed, project.decimals, locale)} ${project.name}`,
          },
          {
            label: t('publication.minimum'),
            value: `${floorFormat(project.min_tokens, project.decimals, locale)} ${project.name}`,
          },
          {
            label: t('publication.payWith'),
            value: project.pay_currencies.map((c) => c.name).join(' / '),
          },
        ]}
      />
    </section>
  );
}
