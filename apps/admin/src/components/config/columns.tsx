import type { ReactNode } from 'react';
import { Tag } from 'antd';
import { amount } from '../../format.ts';
import { S } from '../../strings.ts';

type Row = Record<string, unknown>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Render = (v: any, row: Row) => ReactNode;
/** A column of a settings table: amounts as written, anything else as text. */
export const col = (title: string, key: string, render?: Render) => ({
  title,
  dataIndex: key,
  render: render ?? ((v: unknown) => (typeof v === 'string' ? amount(v) : String(v ?? '—'))),
});
export const yes = (v: boolean) =>
  v ? <Tag color="green">{S.common.yes}</Tag> : <Tag>{S.common.no}</Tag>;
export const sortField = { name: 'sort', label: 'Sort', kind: 'int' as const };
export const enabledField = { name: 'enabled', label: S.common.enabled, kind: 'bool' as const };
