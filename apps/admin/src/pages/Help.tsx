import { Space } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { HELP_ICONS } from '@hx/protocol';
import { call } from '../api/call.ts';
import { ContentEditor } from '../components/ContentEditor.tsx';
import { S } from '../strings.ts';
import { adminKeys } from '../queryKeys.ts';

/** Help categories and their articles, per language. */
export default function HelpPage() {
  const categories = useQuery({
    queryKey: adminKeys.helpCategories,
    queryFn: () => call.operatorHelpCategories({ limit: 100 }),
  });
  const options = (categories.data?.list ?? []).map((c) => ({
    value: c.id,
    label: c.texts.en?.title ?? `#${c.id}`,
  }));
  const name = new Map(options.map((o) => [o.value, o.label]));
  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <ContentEditor
        path="help/categories"
        title={S.content.categories}
        withBody={false}
        fields={[
          {
            name: 'icon',
            label: S.content.icon,
            kind: 'select',
            options: HELP_ICONS.map((i) => ({ value: i, label: i })),
            initial: 'question',
          },
          { name: 'sort', label: S.content.sort, kind: 'int', initial: 0 },
          { name: 'enabled', label: S.common.enabled, kind: 'bool', initial: true },
        ]}
      />
      <ContentEditor
        path="help/articles"
        title={S.content.articles}
        columns={[
          {
            title: S.content.category,
            key: 'category',
            render: (_, i) =>
              name.get(i.fields.category_id as number) ?? String(i.fields.category_id),
          },
        ]}
        fields={[
          { name: 'category_id', label: S.content.category, kind: 'select', options },
          { name: 'sort', label: S.content.sort, kind: 'int', initial: 0 },
          { name: 'published', label: S.content.published, kind: 'bool', initial: true },
        ]}
      />
    </Space>
  );
}
