import { Button } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys } from '../../cache/queryKeys.ts';
import { EmptyState } from '../../components/EmptyState.tsx';
import { ChoiceList, PickerState } from '../../components/PickerState.tsx';
import { useLocale } from '../../i18n/index.ts';
import { formatTime } from '../../lib/date.ts';
import { formatDecimal } from '../../lib/number.ts';
import { TID } from '../../testids.ts';
import { TokenTitle } from './parts.tsx';
import { fetchProjects } from './queries.ts';
import './subscription.css';
import { FailedState } from '../../components/FailedState.tsx';

const LIST = '/pages/publication/index';

/**
 * The purchase page opened without a project it can find: the projects open for subscription
 * now, each leading to its purchase form; with none open, the way to all projects.
 */
export function ProjectPicker({ unknown }: { unknown: boolean }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const open = useQuery({
    queryKey: queryKeys.publicationPicker,
    queryFn: () => fetchProjects('subscribing', 1, 50),
  });
  const projects = open.data?.list ?? [];
  let list;
  if (open.isPending) list = <div className="hx-placeholder" aria-busy="true" />;
  else if (open.isError) list = <FailedState error={open.error} onRetry={() => open.refetch()} />;
  else if (projects.length === 0)
    list = (
      <EmptyState text={t('missing.noOpenProjects')}>
        <Button
          color="primary"
          onClick={() => void navigate(LIST, { replace: true })}
          data-testid={TID.missing.back}
        >
          {t('missing.toProjects')}
        </Button>
      </EmptyState>
    );
  else
    list = (
      <ChoiceList
        choices={projects.map((p) => ({
          key: p.name,
          label: <TokenTitle project={p} />,
          description: t('publication.closesAt', { time: formatTime(p.close_time, locale) }),
          extra: `${formatDecimal(p.issue_price, locale)} USDT`,
        }))}
        onPick={(name) => {
          const project = projects.find((p) => p.name === name);
          if (project) void navigate(`/pages/publication/purchase?id=${project.id}`);
        }}
      />
    );
  return (
    <PickerState
      prompt={t('missing.chooseProject')}
      note={unknown ? t('missing.unknownProject') : undefined}
    >
      {list}
    </PickerState>
  );
}
