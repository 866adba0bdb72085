import { useEffect, useRef, useState } from 'react';
import { Button, Popup, Tabs, Toast } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../../cache/queryKeys.ts';
import { refresh } from '../../../cache/refresh.ts';
import { PageFrame } from '../../../components/PageFrame.tsx';
import { Refreshable } from '../../../components/Refreshable.tsx';
import { EmptyState } from '../../../components/EmptyState.tsx';
import { PagedList } from '../../../features/wallet/PagedList.tsx';
import { copyWithToast } from '../../../features/wallet/copy.ts';
import {
  fetchInvitees,
  fetchRebates,
  useInviteSummary,
  usePoster,
  useRanking,
} from '../../../features/referral/queries.ts';
import { drawPoster, savePoster } from '../../../features/referral/poster.ts';
import { useLocale } from '../../../i18n/index.ts';
import { formatTime } from '../../../lib/date.ts';
import { formatDecimal, formatPercent } from '../../../lib/number.ts';
import { TID } from '../../../testids.ts';
import '../../../features/wallet/styles.ts';
import './promotion.css';

/** Referral: the rebate rate, invitation code and link, poster, invitees, rewards and ranking. */
export default function PromotionPage() {
  const { t } = useTranslation();
  const locale = useLocale();
  const client = useQueryClient();
  const summary = useInviteSummary();
  const [poster, setPoster] = useState(false);
  const s = summary.data;
  const copied = t('promotion.copied');
  const failed = t('promotion.copyFailed');

  return (
    <PageFrame title={t('promotion.title')}>
      <Refreshable onRefresh={() => refresh(client, 'referral')}>
        <section className="hx-promo-hero">
          <div className="hx-promo-rate" data-testid={TID.promotion.rate}>
            {s ? formatPercent(s.rebate_rate, locale) : '—'}
          </div>
          <p>{t('promotion.rateHint')}</p>
        </section>
        <div className="hx-promo-stats">
          <Stat
            label={t('promotion.promoted')}
            value={s?.promoted}
            testId={TID.promotion.promoted}
          />
          <Stat
            label={t('promotion.rank')}
            value={s ? (s.rank ?? '—') : undefined}
            testId={TID.promotion.rank}
          />
          <Stat
            label={t('promotion.total')}
            value={s && formatDecimal(s.total_rewards, locale)}
            unit="USDT"
            testId={TID.promotion.total}
          />
          <Stat
            label={t('promotion.pending')}
            value={s && formatDecimal(s.pending_rewards, locale)}
            unit="USDT"
            testId={TID.promotion.pending}
          />
        </div>
        <div className="hx-promo-code">
          <div>
            <span>{t('promotion.code')}</span>
            <strong data-testid={TID.promotion.code}>{s?.invite_code ?? '—'}</strong>
          </div>
          <Button
            size="small"
            disabled={!s}
            onClick={() => s && void copyWithToast(s.invite_code, copied, failed)}
            data-testid={TID.promotion.copyCode}
          >
            {t('promotion.copyCode')}
          </Button>
        </div>
        <div className="hx-promo-code">
          <div>
            <span>{t('promotion.link')}</span>
            <small className="hx-promo-link">{s?.invite_link ?? '—'}</small>
          </div>
          <Button
            size="small"
            disabled={!s}
            onClick={() => s && void copyWithToast(s.invite_link, copied, failed)}
            data-testid={TID.promotion.copyLink}
          >
            {t('promotion.copyLink')}
          </Button>
        </div>
        <div className="hx-promo-actions">
          <Button
            block
            color="primary"
            onClick={() => setPoster(true)}
            data-testid={TID.promotion.poster}
          >
            {t('promotion.poster')}
          </Button>
        </div>
        <Tabs defaultActiveKey="invitees" className="hx-promo-tabs">
          <Tabs.Tab
            title={
              <span data-testid={TID.promotion.tab('invitees')}>{t('promotion.invitees')}</span>
            }
            key="invitees"
          >
            <Invitees />
          </Tabs.Tab>
          <Tabs.Tab
            title={<span data-testid={TID.promotion.tab('rewards')}>{t('promotion.rewards')}</span>}
            key="rewards"
          >
            <Rebates />
          </Tabs.Tab>
          <Tabs.Tab
            title={<span data-testid={TID.promotion.tab('ranking')}>{t('promotion.ranking')}</span>}
            key="ranking"
          >
            <Ranking />
          </Tabs.Tab>
        </Tabs>
      </Refreshable>
      <Popup
        visible={poster}
        onMaskClick={() => setPoster(false)}
        bodyClassName="hx-promo-popup"
        destroyOnClose
      >
        <PosterSheet />
      </Popup>
    </PageFrame>
  );
}

function Stat({
  label,
  value,
  unit,
  testId,
}: {
  label: string;
  value: string | number | undefined;
  unit?: string;
  testId: string;
}) {
  return (
    <div className="hx-promo-stat">
      <strong data-testid={testId}>{value ?? '—'}</strong>
      <span>{unit ? `${label} (${unit})` : label}</span>
    </div>
  );
}

function PosterSheet() {
  const { t } = useTranslation();
  const poster = usePoster();
  const canvas = useRef<HTMLCanvasElement>(null);
  const [ready, setReady] = useState(false);
  const p = poster.data;
  useEffect(() => {
    if (!p || !canvas.current) return;
    drawPoster(canvas.current, {
      appName: p.app_name,
      headline: t('promotion.posterHeadline'),
      codeLabel: t('promotion.code'),
      code: p.invite_code,
      link: p.invite_link,
      scan: t('promotion.scan'),
    }).then(
      () => setReady(true),
      () => Toast.show({ content: t('promotion.posterFailed') }),
    );
  }, [p, t]);

  const save = () => {
    if (!canvas.current || !ready || !savePoster(canvas.current, `invite-${p?.invite_code}.png`))
      Toast.show({ content: t('promotion.saveFailed') });
  };
  const share = async () => {
    if (!p) return;
    const data = { title: p.app_name, text: t('promotion.posterHeadline'), url: p.invite_link };
    if (navigator.share) {
      try {
        await navigator.share(data);
        return;
      } catch (err) {
        if ((err as Error).name === 'AbortError') return;
      }
    }
    await copyWithToast(p.invite_link, t('promotion.linkCopied'), t('promotion.copyFailed'));
  };

  return (
    <div className="hx-promo-poster">
      <canvas ref={canvas} data-testid={TID.promotion.posterCanvas} data-ready={ready} />
      <div className="hx-promo-poster-actions">
        <Button block onClick={save} disabled={!ready} data-testid={TID.promotion.save}>
          {t('promotion.save')}
        </Button>
        <Button
          block
          color="primary"
          onClick={() => void share()}
          disabled={!p}
          data-testid={TID.promotion.share}
        >
          {t('promotion.share')}
        </Button>
      </div>
    </div>
  );
}

function Invitees() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <PagedList
      queryKey={queryKeys.referralInvitees}
      fetchPage={fetchInvitees}
      empty={t('promotion.noInvitees')}
      renderItem={(item) => (
        <div className="hx-promo-row" data-testid={TID.promotion.invitee}>
          <div>
            <strong>{item.account}</strong>
            <small>{formatTime(item.created_at, locale, 'date')}</small>
          </div>
          <span>{formatDecimal(item.rewards, locale)} USDT</span>
        </div>
      )}
    />
  );
}

function Rebates() {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <PagedList
      queryKey={queryKeys.referralRebates}
      fetchPage={fetchRebates}
      empty={t('promotion.noRewards')}
      renderItem={(item) => (
        <div className="hx-promo-row" data-testid={TID.promotion.rebate}>
          <div>
            <strong>{item.account}</strong>
            <small>{formatTime(item.time, locale)}</small>
          </div>
          <span>
            +{formatDecimal(item.amount, locale)} {item.name}
          </span>
        </div>
      )}
    />
  );
}

function Ranking() {
  const { t } = useTranslation();
  const locale = useLocale();
  const ranking = useRanking();
  if (ranking.isPending) return <div className="hx-placeholder" aria-busy="true" />;
  const rows = ranking.data ?? [];
  if (rows.length === 0) return <EmptyState text={t('promotion.noRanking')} />;
  return (
    <ol className="hx-promo-ranking">
      {rows.map((row) => (
        <li
          key={row.rank}
          className={row.mine ? 'hx-promo-mine' : undefined}
          data-testid={TID.promotion.rankRow}
        >
          <span className="hx-promo-place">{row.rank}</span>
          <strong>{row.account}</strong>
          <span>{t('promotion.invitedCount', { count: row.invited })}</span>
          <span>{formatDecimal(row.rewards, locale)} USDT</span>
        </li>
      ))}
    </ol>
  );
}
