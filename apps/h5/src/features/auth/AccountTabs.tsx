import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import type { AccountMode } from './validate.ts';
import { Segments } from '../../components/Segments.tsx';

/** Phone or email: the two ways to name an account. */
export function AccountTabs({
  mode,
  onChange,
}: {
  mode: AccountMode;
  onChange: (mode: AccountMode) => void;
}) {
  const { t } = useTranslation();
  return (
    <Segments
      options={['phone', 'email'] as const}
      value={mode}
      onChange={onChange}
      label={(m) => (m === 'phone' ? t('auth.phone') : t('auth.email'))}
      testId={(m) => TID.accountTab[m]}
    />
  );
}
