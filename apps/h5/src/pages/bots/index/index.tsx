import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import LoopOutline from 'antd-mobile-icons/es/LoopOutline';
import { useSession } from '../../../api/session-store.ts';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { FailedState } from '../../../components/FailedState.tsx';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { BotList } from '../../../features/bots/BotList.tsx';
import { botsQuery } from '../../../features/bots/queries.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/bots/bots.css';

/** The user's bots, newest first: recurring buys, running or stopped, each opening its runs. */
export default function BotsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession()?.token;
  const bots = useQuery({ ...botsQuery(token), refetchOnMount: 'always' });
  const start = (
    <Button
      block
      color="primary"
      onClick={() => void navigate('/pages/bots/recurring')}
      data-testid={TID.bots.start}
    >
      {t('bots.start')}
    </Button>
  );
  const list = bots.data?.list;

  let body;
  if (bots.isError && !list) body = <FailedState error={bots.error} onRetry={bots.refetch} />;
  else if (!list) body = <div className="hx-placeholder" aria-busy="true" />;
  else if (list.length === 0)
    body = (
      <div data-testid={TID.bots.empty}>
        <EmptyState icon={<LoopOutline />} text={t('bots.empty')}>
          {start}
        </EmptyState>
      </div>
    );
  else
    body = (
      <>
        <div className="hx-bots-start">{start}</div>
        <BotList list={list} now={bots.dataUpdatedAt} />
      </>
    );

  return (
    <PageFrame title={t('bots.title')}>
      <Refreshable onRefresh={() => bots.refetch()}>{body}</Refreshable>
    </PageFrame>
  );
}
