import { Button, Dialog, Toast } from 'antd-mobile';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useSession } from '../../../api/session-store.ts';
import { refresh } from '../../../cache/refresh.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { RecordUnavailable } from '../../../components/RecordUnavailable.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { BotRuns } from '../../../features/bots/BotRuns.tsx';
import { BotSummary } from '../../../features/bots/BotSummary.tsx';
import { botQuery, stopBot } from '../../../features/bots/queries.ts';
import { idParam, recordView } from '../../../lib/params.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import '../../../features/bots/bots.css';

/**
 * One bot (`?id=`): its settings, state and next run, its runs (each bought or skipped, and
 * why), and Stop after a confirmation. Another user's bot or an unknown id is "not found".
 */
export default function BotDetailPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const token = useSession()?.token;
  const query = useQuery({ ...botQuery(id, token), refetchOnMount: 'always' });
  const bot = query.data;

  const stop = async () => {
    if (!bot) return;
    const confirmed = await Dialog.confirm({
      title: t('bots.stopTitle'),
      content: t('bots.stopBody'),
      confirmText: t('bots.stopConfirm'),
      cancelText: t('bots.keep'),
    });
    if (!confirmed) return;
    try {
      await stopBot(bot.id);
      Toast.show({ icon: 'success', content: t('bots.stopped') });
    } catch {
      // The client has shown why.
    } finally {
      await refresh(queryClient, 'bots');
    }
  };

  return (
    <PageFrame title={t('bots.detail.title')}>
      <Refreshable onRefresh={() => query.refetch()}>
        <RecordUnavailable
          view={recordView(id, query)}
          query={query}
          notFound={{
            title: t('bots.detail.notFound'),
            backTo: '/pages/bots/index',
            backLabel: t('bots.detail.toList'),
          }}
        />
        {bot && (
          <div className="hx-form">
            <BotSummary bot={bot} now={query.dataUpdatedAt} />
            {bot.status === 'running' && (
              <Button
                block
                color="danger"
                fill="outline"
                onClick={() => void stop()}
                data-testid={TID.bots.detail.stop}
              >
                {t('bots.stop')}
              </Button>
            )}
            <BotRuns bot={bot} />
          </div>
        )}
      </Refreshable>
    </PageFrame>
  );
}
