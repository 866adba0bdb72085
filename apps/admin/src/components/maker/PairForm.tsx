import { App, Button, Form, Input, InputNumber, Switch } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call, type Result } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { adminKeys } from '../../queryKeys.ts';
import { S } from '../../strings.ts';
import { MS } from './strings.ts';

export type MakerPair = Result<'operatorMaker'>['pairs'][number];

interface Values {
  enabled: boolean;
  levels: number;
  spread_bps: number;
  size: string;
  refresh_ms: number;
  base_min: string;
  base_max: string;
  quote_min: string;
  quote_max: string;
  hedge: boolean;
  max_unhedged: string;
}

const bound = (v: string) => (v.trim() === '' ? null : v.trim());

/** One pair's maker settings; saving applies at once (the server audits it). */
export function PairForm({ pair, onSaved }: { pair: MakerPair; onSaved: () => void }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (v: Values) =>
      call.operatorMakerPairSave({
        symbol: pair.symbol,
        ...v,
        base_min: bound(v.base_min),
        base_max: bound(v.base_max),
        quote_min: bound(v.quote_min),
        quote_max: bound(v.quote_max),
      }),
    onSuccess: () => {
      void message.success(S.common.saved);
      void queryClient.invalidateQueries({ queryKey: adminKeys.maker });
      onSaved();
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  const initial: Values = {
    ...pair,
    base_min: pair.base_min ?? '',
    base_max: pair.base_max ?? '',
    quote_min: pair.quote_min ?? '',
    quote_max: pair.quote_max ?? '',
  };
  return (
    <Form<Values>
      layout="vertical"
      initialValues={initial}
      onFinish={(v) => save.mutate(v)}
      data-testid="maker-form"
    >
      <Form.Item name="enabled" label={MS.enabled} valuePropName="checked">
        <Switch data-testid="maker-enabled" />
      </Form.Item>
      <Form.Item name="levels" label={MS.levels} rules={[{ required: true }]}>
        <InputNumber min={1} max={50} precision={0} data-testid="maker-levels" />
      </Form.Item>
      <Form.Item name="spread_bps" label={MS.spread} rules={[{ required: true }]}>
        <InputNumber min={1} max={5000} precision={0} data-testid="maker-spread" />
      </Form.Item>
      <Form.Item name="size" label={MS.size} rules={[{ required: true }]}>
        <Input inputMode="decimal" data-testid="maker-size" />
      </Form.Item>
      <Form.Item name="refresh_ms" label={MS.refresh} rules={[{ required: true }]}>
        <InputNumber min={200} max={3_600_000} precision={0} />
      </Form.Item>
      {(['base_min', 'base_max', 'quote_min', 'quote_max'] as const).map((name) => (
        <Form.Item key={name} name={name} label={MS[BOUND_LABELS[name]]} extra={MS.noBound}>
          <Input inputMode="decimal" data-testid={`maker-${name}`} />
        </Form.Item>
      ))}
      <Form.Item name="hedge" label={MS.hedge} valuePropName="checked">
        <Switch />
      </Form.Item>
      <Form.Item name="max_unhedged" label={MS.maxUnhedged}>
        <Input inputMode="decimal" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="maker-save">
        {S.common.save}
      </Button>
    </Form>
  );
}

const BOUND_LABELS = {
  base_min: 'baseMin',
  base_max: 'baseMax',
  quote_min: 'quoteMin',
  quote_max: 'quoteMax',
} as const;
