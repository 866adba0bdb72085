import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import BillOutline from 'antd-mobile-icons/es/BillOutline';
import { PROJECT_STATES, type ProjectItem, type ProjectState } from '@hx/protocol';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { NavAction } from '../../../features/wallet/NavAction.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { ProjectCard } from '../../../features/subscription/parts.tsx';
import { fetchProjects, recommendQuery } from '../../../features/subscription/queries.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import { Segments } from '../../../components/Segments.tsx';

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
          <Segments
            options={PROJECT_STATES}
            value={state}
            onChange={(key) => setParams({ state: key }, { replace: true })}
            label={(key) => t(`publication.states.${key}`)}
            testId={TID.publication.tab}
          />
        </div>
        <PagedList<ProjectItem>
          key={state}
          queryKey={queryKeys.publicationProjects(state)}
          fetchPage={(page, limit) => fetchProjects(state, page, limit)}
          renderItem={(project) => <ProjectCard project={project} />}
          empty={t('publication.empty')}
        />
      </Refreshable>
    </PageFrame>
  );
}
