import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import type { AccountMode } from './validate.ts';

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
    <div className="hx-segments" role="tablist">
      {(['phone', 'email'] as const).map((m) => (
        <button
          key={m}
          type="button"
          role="tab"
          aria-selected={m === mode}
          className={m === mode ? 'hx-segment hx-segment--active' : 'hx-segment'}
          data-testid={TID.accountTab[m]}
          onClick={() => onChange(m)}
        >
          {m === 'phone' ? t('auth.phone') : t('auth.email')}
        </button>
      ))}
    </div>
  );
}
