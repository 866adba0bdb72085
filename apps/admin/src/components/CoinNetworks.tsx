import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Form,
  Input,
  Modal,
  Radio,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage, isPrivateExtendedKey } from '@hx/protocol';
import { call, type Input as Sent, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { amount, time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

type Network = Result<'operatorCoinNetworks'>[number];
type Mode = 'inherit' | 'address' | 'xpub';
interface Values {
  mode: Mode;
  deposit_address?: string;
  deposit_xpub?: string;
  deposit_enabled: boolean;
  withdraw_enabled: boolean;
  withdraw_max?: string;
  withdraw_daily_amount?: string;
}

const SOURCE_COLOR: Record<Network['deposit']['source'], string> = {
  table: 'blue',
  env: 'purple',
  demo: 'gold',
  none: 'red',
};

/** A long address or key as its start and end; the whole one on hover and copy. */
function Key({ value }: { value: string | null }) {
  if (!value) return null;
  const shown = value.length > 28 ? `${value.slice(0, 14)}…${value.slice(-8)}` : value;
  return (
    <Typography.Text code copyable={{ text: value }} title={value} style={{ fontSize: 11 }}>
      {shown}
    </Typography.Text>
  );
}

const openTag = (open: boolean) =>
  open ? <Tag color="green">{S.networks.open}</Tag> : <Tag color="red">{S.networks.suspended}</Tag>;

/** The networks table: deposit source, open or suspended, the withdrawal limits, Edit. */
function networkColumns(coin: string, onEdit: (n: Network) => void): TableColumnsType<Network> {
  return [
    {
      title: S.common.network,
      dataIndex: 'network',
      render: (v: string) => <Tag>{v}</Tag>,
    },
    {
      title: S.networks.deposit,
      key: 'deposit',
      render: (_, n) =>
        n.bank ? (
          <Typography.Text type="secondary">{S.networks.bankDetails}</Typography.Text>
        ) : (
          <div data-testid={`network-deposit-${n.network}`}>
            <Tag color={SOURCE_COLOR[n.deposit.source]}>{S.networks.source[n.deposit.source]}</Tag>
            {n.deposit.kind && <Tag>{S.networks.kind[n.deposit.kind]}</Tag>}
            <Key value={n.deposit.address ?? n.deposit.xpub} />
            {n.deposit.sample && (
              <div style={{ fontSize: 11 }}>
                {S.networks.sample} <Key value={n.deposit.sample} />
              </div>
            )}
          </div>
        ),
    },
    {
      title: S.networks.deposits,
      dataIndex: 'deposit_enabled',
      render: openTag,
    },
    {
      title: S.networks.withdrawals,
      dataIndex: 'withdraw_enabled',
      render: openTag,
    },
    {
      title: `${S.networks.max} (${coin})`,
      dataIndex: 'withdraw_max',
      render: (v: string | null) => (v === null ? S.common.none : amount(v)),
    },
    {
      title: `${S.networks.daily} (${coin})`,
      dataIndex: 'withdraw_daily_amount',
      render: (v: string | null) => (v === null ? S.common.none : amount(v)),
    },
    {
      title: S.networks.updated,
      dataIndex: 'updated_at',
      render: (v: number | null) => time(v),
    },
    {
      title: S.common.actions,
      key: 'edit',
      fixed: 'right',
      render: (_, n) => (
        <Button size="small" onClick={() => onEdit(n)} data-testid={`edit-network-${n.network}`}>
          {S.common.edit}
        </Button>
      ),
    },
  ];
}

/** Where a network's deposit addresses come from: inherited, one address, or an xpub. */
function DepositSourceFields({ mode }: { mode: Mode | undefined }) {
  return (
    <>
      <Form.Item name="mode" label={S.networks.deposit}>
        <Radio.Group
          options={[
            { value: 'inherit', label: S.networks.inherit },
            { value: 'address', label: S.networks.kind.address },
            { value: 'xpub', label: S.networks.kind.xpub },
          ]}
        />
      </Form.Item>
      {mode === 'inherit' && (
        <Typography.Paragraph type="secondary" data-testid="network-inherit-note">
          {S.networks.inheritNote}
        </Typography.Paragraph>
      )}
      {mode === 'address' && (
        <Form.Item
          name="deposit_address"
          label={S.networks.addressLabel}
          rules={[{ required: true, whitespace: true, message: S.networks.addressLabel }]}
        >
          <Input data-testid="network-address" spellCheck={false} />
        </Form.Item>
      )}
      {mode === 'xpub' && (
        <Form.Item
          name="deposit_xpub"
          label={S.networks.xpubLabel}
          extra={S.networks.xpubHelp}
          rules={[
            { required: true, whitespace: true, message: S.networks.xpubLabel },
            {
              // A private key never leaves the browser; the server refuses it too.
              validator: (_, v: string | undefined) =>
                v && isPrivateExtendedKey(v)
                  ? Promise.reject(new Error(errorMessage('XPUB_PRIVATE', 'en')))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input.TextArea
            rows={3}
            spellCheck={false}
            autoComplete="off"
            data-testid="network-xpub"
          />
        </Form.Item>
      )}
    </>
  );
}

/**
 * One coin's networks: where each deposit address comes from (console, environment, demo or
 * none), deposits and withdrawals open or suspended, and the withdrawal limits; each editable.
 */
export function CoinNetworks({ coinId, coin }: { coinId: number; coin: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Network | null>(null);
  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form);
  const queryKey = adminKeys.coinNetworks(coinId);
  const list = useQuery({
    queryKey,
    queryFn: () => call.operatorCoinNetworks({ id: coinId }),
  });

  const save = useMutation({
    mutationFn: (v: Values) => {
      const body: Sent<'operatorCoinNetworkUpdate'> = {
        deposit_address: v.mode === 'address' ? (v.deposit_address ?? '').trim() : null,
        deposit_xpub: v.mode === 'xpub' ? (v.deposit_xpub ?? '').trim() : null,
        deposit_enabled: v.deposit_enabled,
        withdraw_enabled: v.withdraw_enabled,
        withdraw_max: v.withdraw_max?.trim() || null,
        withdraw_daily_amount: v.withdraw_daily_amount?.trim() || null,
      };
      return call.operatorCoinNetworkUpdate({ id: coinId, network: editing!.network, ...body });
    },
    onSuccess: () => {
      void message.success(S.common.saved);
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: adminKeys.config('coins') });
    },
    onError: (err) => void message.error(err instanceof ApiError ? err.message : String(err)),
  });

  const open = (n: Network) => {
    form.setFieldsValue({
      mode: n.stored.deposit_xpub ? 'xpub' : n.stored.deposit_address ? 'address' : 'inherit',
      deposit_address: n.stored.deposit_address ?? '',
      deposit_xpub: n.stored.deposit_xpub ?? '',
      deposit_enabled: n.deposit_enabled,
      withdraw_enabled: n.withdraw_enabled,
      withdraw_max: n.withdraw_max ?? '',
      withdraw_daily_amount: n.withdraw_daily_amount ?? '',
    });
    setEditing(n);
  };

  return (
    <>
      <Typography.Paragraph type="secondary">{S.networks.note}</Typography.Paragraph>
      <Table<Network>
        rowKey="network"
        size="small"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        columns={networkColumns(coin, open)}
      />
      <Modal
        open={editing !== null}
        title={editing ? `${coin} · ${editing.network}` : ''}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        okText={S.common.save}
        confirmLoading={save.isPending}
        width={640}
        forceRender
      >
        <Form<Values> form={form} layout="vertical" onFinish={(v) => save.mutate(v)}>
          {editing?.bank ? (
            <Alert type="info" showIcon title={S.networks.bankNote} style={{ marginBottom: 16 }} />
          ) : (
            <DepositSourceFields mode={mode} />
          )}
          <Form.Item name="deposit_enabled" label={S.networks.depositsOpen} valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item
            name="withdraw_enabled"
            label={S.networks.withdrawalsOpen}
            valuePropName="checked"
          >
            <Switch />
          </Form.Item>
          <Form.Item name="withdraw_max" label={`${S.networks.maxLabel} (${coin})`}>
            <Input placeholder={S.common.none} data-testid="network-max" />
          </Form.Item>
          <Form.Item
            name="withdraw_daily_amount"
            label={`${S.networks.dailyLabel} (${coin})`}
            extra={S.networks.perDay(editing?.withdrawals_per_day ?? 3)}
          >
            <Input placeholder={S.common.none} data-testid="network-daily" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
