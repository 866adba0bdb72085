import { App, Button, Form, Input, Select, Space } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/http.ts';
import { adminKeys } from '../../queryKeys.ts';
import { MS } from './strings.ts';

interface Values {
  currency_id: number;
  amount: string;
  direction: 'in' | 'out';
}

/** Moves a coin between the treasury and the maker: a ledger entry, audited. */
export function FundForm() {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const coins = useQuery({
    queryKey: adminKeys.config('coins'),
    queryFn: () => call.operatorCoins(),
  });
  const fund = useMutation({
    mutationFn: (v: Values) => call.operatorMakerFund(v),
    onSuccess: () => {
      void message.success(MS.funded);
      form.resetFields(['amount']);
      void queryClient.invalidateQueries({ queryKey: adminKeys.maker });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });
  return (
    <Form<Values>
      form={form}
      layout="inline"
      initialValues={{ direction: 'in' }}
      onFinish={(v) => fund.mutate(v)}
      style={{ marginBottom: 16 }}
    >
      <Space wrap>
        <Form.Item name="currency_id" rules={[{ required: true }]}>
          <Select
            placeholder={MS.coin}
            style={{ width: 120 }}
            options={(coins.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="maker-fund-coin"
          />
        </Form.Item>
        <Form.Item name="amount" rules={[{ required: true }]}>
          <Input placeholder={MS.amount} inputMode="decimal" data-testid="maker-fund-amount" />
        </Form.Item>
        <Form.Item name="direction">
          <Select
            style={{ width: 180 }}
            options={[
              { value: 'in', label: MS.fundIn },
              { value: 'out', label: MS.fundOut },
            ]}
          />
        </Form.Item>
        <Button htmlType="submit" loading={fund.isPending} data-testid="maker-fund">
          {MS.fund}
        </Button>
      </Space>
    </Form>
  );
}
