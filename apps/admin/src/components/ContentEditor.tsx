import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Card,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Switch,
  Table,
  Tabs,
  Tag,
} from 'antd';
import type { FormInstance, TableColumnsType } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LOCALES } from '@hx/protocol';
import { callByName, type Input as Sent, type Result } from '../api/call.ts';
import { ApiError } from '../api/http.ts';
import { time } from '../format.ts';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

/** The content kinds: each one's list, create, replace and delete in the endpoint table. */
const CONTENT = {
  notices: {
    list: 'operatorNotices',
    create: 'operatorNoticeCreate',
    update: 'operatorNoticeUpdate',
    remove: 'operatorNoticeDelete',
  },
  banners: {
    list: 'operatorBanners',
    create: 'operatorBannerCreate',
    update: 'operatorBannerUpdate',
    remove: 'operatorBannerDelete',
  },
  'help/categories': {
    list: 'operatorHelpCategories',
    create: 'operatorHelpCategoryCreate',
    update: 'operatorHelpCategoryUpdate',
    remove: 'operatorHelpCategoryDelete',
  },
  'help/articles': {
    list: 'operatorHelpArticles',
    create: 'operatorHelpArticleCreate',
    update: 'operatorHelpArticleUpdate',
    remove: 'operatorHelpArticleDelete',
  },
} as const;
type Kind = (typeof CONTENT)[keyof typeof CONTENT];

export type ContentItem = Result<'operatorNotices'>['list'][number];
export interface ContentField {
  name: string;
  label: string;
  kind: 'bool' | 'int' | 'text' | 'select';
  options?: { value: string | number; label: string }[];
  initial?: unknown;
}

const LANGUAGE_NAMES: Record<string, string> = {
  en: 'English',
  zh: '简体中文',
  hk: '繁體中文',
  jp: '日本語',
  kr: '한국어',
  esp: 'Español',
  th: 'ไทย',
};

/** The items' table: id, English title, languages, the kind's columns, time, edit and delete. */
function contentColumns(
  extra: TableColumnsType<ContentItem>,
  fields: ContentField[],
  onEdit: (item: ContentItem) => void,
  onRemove: (id: number) => void,
): TableColumnsType<ContentItem> {
  return [
    { title: '#', dataIndex: 'id', width: 60 },
    { title: S.content.title, key: 'title', render: (_, i) => i.texts.en?.title ?? '—' },
    {
      title: S.content.language,
      key: 'langs',
      render: (_, i) => Object.keys(i.texts).map((l) => <Tag key={l}>{l}</Tag>),
    },
    ...extra,
    ...fields
      .filter((f) => f.kind === 'bool')
      .map((f) => ({
        title: f.label,
        key: f.name,
        render: (_: unknown, i: ContentItem) => (i.fields[f.name] ? S.common.yes : S.common.no),
      })),
    {
      title: S.common.time,
      key: 'time',
      render: (_, i) =>
        time(
          (i.fields.updated_at ?? i.fields.published_at ?? i.fields.created_at) as number | null,
        ),
    },
    {
      title: S.common.actions,
      key: 'actions',
      render: (_, i) => (
        <Space>
          <Button size="small" onClick={() => onEdit(i)}>
            {S.common.edit}
          </Button>
          <Popconfirm title={`${S.common.delete}?`} onConfirm={() => onRemove(i.id)}>
            <Button size="small" danger>
              {S.common.delete}
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];
}

/** An item's own fields, then its title, summary and body in each language. */
function ContentForm({
  form,
  fields,
  withBody,
  onFinish,
}: {
  form: FormInstance;
  fields: ContentField[];
  withBody: boolean;
  onFinish: (values: Record<string, unknown>) => void;
}) {
  return (
    <Form form={form} layout="vertical" onFinish={onFinish}>
      <Space wrap size="large">
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.label}
            valuePropName={f.kind === 'bool' ? 'checked' : 'value'}
          >
            {f.kind === 'bool' ? (
              <Switch />
            ) : f.kind === 'int' ? (
              <InputNumber />
            ) : f.kind === 'select' ? (
              <Select options={f.options} style={{ minWidth: 200 }} />
            ) : (
              <Input style={{ minWidth: 320 }} />
            )}
          </Form.Item>
        ))}
      </Space>
      <p style={{ color: '#888' }}>{S.content.english}</p>
      <Tabs
        items={LOCALES.map((lang) => ({
          key: lang,
          label: LANGUAGE_NAMES[lang] ?? lang,
          forceRender: true,
          children: (
            <>
              <Form.Item
                name={[`t_${lang}`, 'title']}
                label={S.content.title}
                rules={lang === 'en' ? [{ required: true }] : []}
              >
                <Input maxLength={200} />
              </Form.Item>
              <Form.Item name={[`t_${lang}`, 'summary']} label={S.content.summary}>
                <Input maxLength={500} />
              </Form.Item>
              {withBody && (
                <Form.Item name={[`t_${lang}`, 'body']} label={S.content.body}>
                  <Input.TextArea rows={8} maxLength={20000} />
                </Form.Item>
              )}
            </>
          ),
        }))}
      />
    </Form>
  );
}

/** Items of one content kind with their words in every language (English required). */
export function ContentEditor(props: {
  path: keyof typeof CONTENT;
  fields: ContentField[];
  columns?: TableColumnsType<ContentItem>;
  withBody?: boolean;
  title?: ReactNode;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<ContentItem | 'new' | null>(null);
  const [form] = Form.useForm();
  const queryKey = adminKeys.content(props.path);
  const list = useQuery({
    queryKey: adminKeys.contentPage(props.path, page),
    queryFn: () => callByName(CONTENT[props.path].list, { page, limit: 20 }),
  });
  const onError = (err: unknown) =>
    void message.error(err instanceof ApiError ? err.message : String(err));
  const refresh = () => void queryClient.invalidateQueries({ queryKey });
  const save = useMutation({
    mutationFn: (values: Record<string, unknown>) => {
      const texts: Record<string, { title: string; summary?: string; body?: string }> = {};
      for (const lang of LOCALES) {
        const t = values[`t_${lang}`] as
          { title?: string; summary?: string; body?: string } | undefined;
        if (t?.title?.trim())
          texts[lang] = { title: t.title.trim(), summary: t.summary, body: t.body };
      }
      const body: Record<string, unknown> = { texts };
      for (const f of props.fields) body[f.name] = values[f.name];
      const kind = CONTENT[props.path];
      return editing === 'new'
        ? callByName(kind.create, body as Sent<Kind['create']>)
        : callByName(kind.update, { ...body, id: (editing as ContentItem).id } as Sent<
            Kind['update']
          >);
    },
    onSuccess: () => {
      void message.success(S.common.saved);
      setEditing(null);
      refresh();
    },
    onError,
  });
  const remove = useMutation({
    mutationFn: (id: number) => callByName(CONTENT[props.path].remove, { id }),
    onSuccess: refresh,
    onError,
  });
  const open = (item: ContentItem | 'new') => {
    form.resetFields();
    const values: Record<string, unknown> = {};
    for (const f of props.fields) values[f.name] = item === 'new' ? f.initial : item.fields[f.name];
    for (const lang of LOCALES)
      values[`t_${lang}`] = item === 'new' ? {} : (item.texts[lang] ?? {});
    form.setFieldsValue(values);
    setEditing(item);
  };
  return (
    <Card
      title={props.title}
      extra={
        <Button type="primary" onClick={() => open('new')}>
          {S.common.add}
        </Button>
      }
    >
      <Table<ContentItem>
        scroll={{ x: true }}
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data?.list ?? []}
        pagination={{
          current: page,
          pageSize: 20,
          total: list.data?.total ?? 0,
          onChange: setPage,
          showSizeChanger: false,
        }}
        columns={contentColumns(props.columns ?? [], props.fields, open, (id) => remove.mutate(id))}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? S.common.add : `${S.common.edit} #${editing?.id ?? ''}`}
        onCancel={() => setEditing(null)}
        onOk={() => form.submit()}
        confirmLoading={save.isPending}
        width={820}
        forceRender
      >
        <ContentForm
          form={form}
          fields={props.fields}
          withBody={props.withBody !== false}
          onFinish={(v) => save.mutate(v)}
        />
      </Modal>
    </Card>
  );
}
