import { ContentEditor } from '../components/ContentEditor.tsx';
import { S } from '../strings.ts';

/** Notices users read in the app, per language. */
export default function NoticesPage() {
  return (
    <ContentEditor
      path="notices"
      fields={[
        { name: 'pinned', label: S.content.pinned, kind: 'bool', initial: false },
        { name: 'published', label: S.content.published, kind: 'bool', initial: true },
      ]}
    />
  );
}
