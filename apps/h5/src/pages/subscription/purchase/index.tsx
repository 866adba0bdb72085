import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { ProjectPicker } from '../../../features/subscription/ProjectPicker.tsx';
import { PurchaseForm } from '../../../features/subscription/PurchaseForm.tsx';
import { projectQuery } from '../../../features/subscription/queries.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import '../../../features/wallet/styles.ts';
import { FailedState } from '../../../components/FailedState.tsx';

/**
 * Subscribe to a project (`?id=`): amount and payment currency; the payment is frozen until
 * allocation. Without a known project it offers those open for subscription.
 */
export default function PublicationPurchasePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const query = useQuery(projectQuery(id ?? 0));
  const view = recordView(id, query);
  const project = query.data;

  if (!project)
    return (
      <PageFrame title={t('publication.purchase')}>
        {view === 'loading' && <div className="hx-placeholder" aria-busy="true" />}
        {view === 'missing' && <ProjectPicker unknown={id !== null} />}
        {view === 'failed' && <FailedState error={query.error} onRetry={() => query.refetch()} />}
      </PageFrame>
    );

  return (
    <PageFrame title={t('publication.purchase')}>
      <PurchaseForm
        project={project}
        onDone={() => navigate('/pages/publication/records', { replace: true })}
      />
    </PageFrame>
  );
}
