import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  DatePicker,
  Form,
  Input,
  InputNumber,
  Modal,
  Select,
  Switch,
  Table,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { EndpointName } from '@hx/protocol';
import { callByName, type Input as Sent } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

export type FieldKind =
  'text' | 'decimal' | 'int' | 'bool' | 'ints' | 'texts' | 'time' | 'json' | 'nullable-decimal';
export interface Field {
  name: string;
  label: string;
  kind: FieldKind;
  /** Shown only when adding (e.g. an option period's seconds). */
  createOnly?: boolean;
  help?: string;
}

type Row = Record<string, unknown>;

/** A table's list, add and edit in the endpoint table; `key` names the edited row in the path. */
const tab = <L extends EndpointName, U extends EndpointName, C extends EndpointName = never>(t: {
  list: L;
  create?: C;
  update: U;
  key: keyof Sent<U> & string;
}) => t;
const CONFIG = {
  coins: tab({ list: 'operatorCoins', update: 'operatorCoinUpdate', key: 'id' }),
  'spot-pairs': tab({ list: 'operatorSpotPairs', update: 'operatorSpotPairUpdate', key: 'symbol' }),
  'lever-pairs': tab({
    list: 'operatorLeverPairs',
    update: 'operatorLeverPairUpdate',
    key: 'symbol',
  }),
  'option-periods': tab({
    list: 'operatorOptionPeriods',
    create: 'operatorOptionPeriodCreate',
    update: 'operatorOptionPeriodUpdate',
    key: 'seconds',
  }),
  'finance-products': tab({
    list: 'operatorFinanceProducts',
    create: 'operatorFinanceProductCreate',
    update: 'operatorFinanceProductUpdate',
    key: 'id',
  }),
  'savings-products': tab({
    list: 'operatorSavingsProducts',
    update: 'operatorSavingsProductSave',
    key: 'currency_id',
  }),
  'subscription-projects': tab({
    list: 'operatorSubscriptionProjects',
    create: 'operatorSubscriptionProjectCreate',
    update: 'operatorSubscriptionProjectUpdate',
    key: 'id',
  }),
};
type Tab = (typeof CONFIG)[keyof typeof CONFIG];

/** Form value → wire value, by kind (decimals stay strings, never floats). */
function toWire(kind: FieldKind, v: unknown): unknown {
  switch (kind) {
    case 'ints':
      return String(v ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map(Number);
    case 'texts':
      return String(v ?? '')
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((s) => s.toUpperCase());
    case 'time':
      return v ? (v as dayjs.Dayjs).valueOf() : null;
    case 'json':
      return JSON.parse(String(v || '{}')) as unknown;
    case 'nullable-decimal':
      return v === '' || v === undefined || v === null ? null : String(v).trim();
    case 'decimal':
      return String(v ?? '').trim();
    case 'int':
      return Number(v);
    case 'bool':
      return Boolean(v);
    default:
      return v === '' ? null : v;
  }
}

const nameOf = (x: unknown) =>
  typeof x === 'object' && x !== null && 'network' in x ? String(x.network) : String(x);

function toForm(kind: FieldKind, v: unknown): unknown {
  switch (kind) {
    case 'ints':
    case 'texts':
      // A coin's networks come as rows ({network, deposit, address}); the field edits their names.
      return Array.isArray(v) ? v.map(nameOf).join(', ') : '';
    case 'time':
      return typeof v === 'number' ? dayjs(v) : undefined;
    case 'json':
      return JSON.stringify(v ?? {}, null, 2);
    default:
      return v ?? (kind === 'nullable-decimal' ? '' : v);
  }
}

function input(kind: FieldKind): ReactNode {
  switch (kind) {
    case 'bool':
      return <Switch />;
    case 'int':
      return <InputNumber style={{ width: '100%' }} />;
    case 'time':
      return <DatePicker showTime style={{ width: '100%' }} />;
    case 'json':
      return <Input.TextArea rows={5} />;
    default:
      return <Input />;
  }
}

interface Props {
  path: keyof typeof CONFIG;
  /** Row → its id in the URL (`config/<path>/<id>`). */
  rowId: (row: Row) => string | number;
  columns: TableColumnsType<Row>;
  fields: Field[];
  canCreate?: boolean;
  note?: ReactNode;
  extraSelect?: Record<string, { value: string | number; label: string }[]>;
}

/** One configuration table: rows, an edit form per row, optionally an add form. */
export function ConfigTab(props: Props) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Row | 'new' | null>(null);
  const [form] = Form.useForm();
  const queryKey = adminKeys.config(props.path);
  const list = useQuery({
    queryKey,
    queryFn: (): Promise<Row[]> => callByName(CONFIG[props.path].list),
  });
  const save = useMutation({
    mutationFn: (values: Row) => {
      const body: Row = {};
      for (const f of props.fields) {
        if (f.createOnly && editing !== 'new') continue;
        body[f.name] = toWire(f.kind, values[f.name]);
      }
      const table = CONFIG[props.path];
      return editing === 'new'
        ? callByName(table.create!, body as Sent<NonNullable<Tab['create']>>)
        : callByName(table.update, {
            ...body,
            [table.key]: props.rowId(editing as Row),
          } as Sent<Tab['update']>);
    },
    onSuccess: () => {
      void message.success(S.common.saved);
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  const open = (row: Row | 'new') => {
    const values: Row = {};
    for (const f of props.fields)
      values[f.name] =
        row === 'new' ? (f.kind === 'bool' ? true : undefined) : toForm(f.kind, row[f.name]);
    form.setFieldsValue(values);
    setEditing(row);
  };
  return (
    <Card
      variant="borderless"
      extra={
        props.canCreate && (
          <Button type="primary" onClick={() => open('new')}>
            {S.common.add}
          </Button>
        )
      }
    >
      {props.note && <Typography.Paragraph type="secondary">{props.note}</Typography.Paragraph>}
      <Table<Row>
        rowKey={(r) => String(props.rowId(r))}
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={[
          ...props.columns,
          {
            title: S.common.actions,
            key: 'edit',
            fixed: 'right',
            render: (_, row) => (
              <Button
                size="small"
                onClick={() => open(row)}
                data-testid={`edit-${props.path}-${props.rowId(row)}`}
              >
                {S.common.edit}
              </Button>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={
          editing === 'new'
            ? S.common.add
            : `${S.common.edit} ${editing ? String(props.rowId(editing)) : ''}`
        }
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        width={640}
        forceRender
      >
        {/* Named by the table: field ids (and so labels) stay unique across the tabs' forms. */}
        <Form form={form} name={props.path} layout="vertical" onFinish={(v: Row) => save.mutate(v)}>
          {props.fields
            .filter((f) => !f.createOnly || editing === 'new')
            .map((f) => (
              <Form.Item
                key={f.name}
                name={f.name}
                label={f.label}
                help={f.help}
                valuePropName={f.kind === 'bool' ? 'checked' : 'value'}
              >
                {props.extraSelect?.[f.name] ? (
                  <Select options={props.extraSelect[f.name]} />
                ) : (
                  input(f.kind)
                )}
              </Form.Item>
            ))}
        </Form>
      </Modal>
    </Card>
  );
}
