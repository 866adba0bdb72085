import { ContentEditor } from '../components/ContentEditor.tsx';
import { S } from '../strings.ts';

/** The home page banners: image, link, order, per-language caption. */
export default function BannersPage() {
  return (
    <ContentEditor
      path="banners"
      withBody={false}
      fields={[
        { name: 'image', label: S.content.image, kind: 'text' },
        { name: 'link', label: S.content.link, kind: 'text' },
        { name: 'sort', label: S.content.sort, kind: 'int', initial: 0 },
        { name: 'enabled', label: S.common.enabled, kind: 'bool', initial: true },
      ]}
    />
  );
}
