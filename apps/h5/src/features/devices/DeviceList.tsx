import { Fragment, type ReactNode } from 'react';
import { Tag } from 'antd-mobile';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState.tsx';
import './devices.css';

/**
 * The cards of what may act for the account (sessions, passkeys, API keys), one an item: a
 * placeholder until the first answer (while logged in), the failure, or `empty` when none.
 */
export function DeviceList<T extends { id: number }>({
  query,
  token,
  empty,
  children: card,
}: {
  query: UseQueryResult<{ list: T[] }>;
  token: string | undefined;
  empty?: string;
  children: (item: T) => ReactNode;
}) {
  const list = query.data?.list ?? [];
  return (
    <>
      {query.isPending && token && <div className="hx-placeholder" aria-busy="true" />}
      {query.isError && <EmptyState text={query.error.message} />}
      {empty && query.data && list.length === 0 && <EmptyState text={empty} />}
      <ul className="hx-device-list">
        {list.map((item) => (
          <Fragment key={item.id}>{card(item)}</Fragment>
        ))}
      </ul>
    </>
  );
}

/**
 * One card: its name (tagged when it is this very device), a line a fact, and the button that
 * takes it away from the account.
 */
export function DeviceCard({
  name,
  lines,
  current,
  testId,
  remove,
}: {
  name: ReactNode;
  lines: ReactNode[];
  current?: boolean;
  testId: string;
  remove?: { label: string; onClick: () => void; testId: string };
}) {
  const { t } = useTranslation();
  return (
    <li className="hx-device" data-testid={testId} data-current={current || undefined}>
      <div className="hx-device-main">
        <div className="hx-device-name">
          {name}
          {current && (
            <Tag color="primary" fill="outline" className="hx-device-tag">
              {t('devices.thisDevice')}
            </Tag>
          )}
        </div>
        {lines.map((line, i) => (
          <div key={i} className="hx-device-line">
            {line}
          </div>
        ))}
      </div>
      {remove && (
        <button
          type="button"
          className="hx-device-action"
          onClick={remove.onClick}
          data-testid={remove.testId}
        >
          {remove.label}
        </button>
      )}
    </li>
  );
}
