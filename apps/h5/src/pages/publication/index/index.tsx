import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { PROJECT_STATES, type ProjectItem, type ProjectState } from '@hx/contracts';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { ProjectCard } from '../../../features/subscription/parts.tsx';
import { fetchProjects, recommendQuery } from '../../../features/subscription/queries.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';

const isState = (v: string | null): v is ProjectState =>
  (PROJECT_STATES as readonly (string | null)[]).includes(v);

/** New-coin subscription: recommended projects, then the projects of one state. */
export default function PublicationPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state: ProjectState = isState(asked) ? asked : 'subscribing';
  const recommend = useQuery(recommendQuery);
  const featured = recommend.data?.list.filter((p) => p.state === 'subscribing') ?? [];

  return (
    <PageFrame
      title={t('publication.title')}
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
        {featured.length > 0 && (
          <section className="hx-pub-list" data-testid={TID.publication.recommended}>
            <h2 className="hx-pub-section-title">{t('publication.recommended')}</h2>
            {featured.map((project) => (
              <ProjectCard key={project.id} project={project} />
            ))}
          </section>
        )}
        <div className="hx-records-tabs">
          <div className="hx-segments" role="tablist">
            {PROJECT_STATES.map((key) => (
              <button
                key={key}
                type="button"
                role="tab"
                aria-selected={state === key}
                className={state === key ? 'hx-segment hx-segment--active' : 'hx-segment'}
                onClick={() => setParams({ state: key }, { replace: true })}
                data-testid={TID.publication.tab(key)}
              >
                {t(`publication.states.${key}`)}
              </button>
            ))}
          </div>
        </div>
        <PagedList<ProjectItem>
          key={state}
          queryKey={[...queryKeys.publication, 'projects', state]}
          fetchPage={(page, limit) => fetchProjects(state, page, limit)}
          renderItem={(project) => <ProjectCard project={project} />}
          empty={t('publication.empty')}
        />
      </Refreshable>
    </PageFrame>
  );
}
