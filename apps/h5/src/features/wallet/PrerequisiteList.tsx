import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { Prerequisite } from './Prerequisite.tsx';
import type { Missing } from './prerequisites.ts';

/** Each missing prerequisite with its own message and the way to fix it. */
export function PrerequisiteList({ missing }: { missing: readonly Missing[] }) {
  const { t } = useTranslation();
  return (
    <>
      {missing.map((m) => (
        <Prerequisite
          key={m.key}
          message={m.message}
          action={t(`money.fix.${m.key}`)}
          to={m.to}
          testId={TID.prerequisite(m.key)}
        />
      ))}
    </>
  );
}
