import { Table } from 'antd';
import { amount, country, time } from '../format.ts';

type Row = Record<string, unknown>;

/** A table of plain rows (a user's orders, positions...): columns picked, times and amounts read well. */
export function RowsTable({ rows, columns }: { rows: Row[]; columns: string[] }) {
  return (
    <Table<Row>
      size="small"
      rowKey={(r) => String(r.id)}
      dataSource={rows}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      scroll={{ x: true }}
      columns={columns.map((c) => ({
        title: c.replace(/_/g, ' '),
        dataIndex: c,
        render: (v: unknown) =>
          v === null || v === undefined
            ? '—'
            : c === 'country' && typeof v === 'string'
              ? country(v)
              : /(_at|^at|time)$/.test(c) && typeof v === 'number'
                ? time(v)
                : typeof v === 'string' && /^-?\d+\.\d+$/.test(v)
                  ? amount(v)
                  : typeof v === 'object'
                    ? JSON.stringify(v)
                    : String(v),
      }))}
    />
  );
}
