import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { setTheme, THEME_CHOICES, useThemeChoice } from './theme.ts';

const LABELS = {
  system: 'settings.themeSystem',
  light: 'settings.themeLight',
  dark: 'settings.themeDark',
} as const;

/** System, light or dark. */
export function ThemeSelector() {
  const { t } = useTranslation();
  const choice = useThemeChoice();
  return (
    <div
      className="hx-segments hx-segments--small"
      role="radiogroup"
      aria-label={t('settings.theme')}
    >
      {THEME_CHOICES.map((option) => (
        <button
          key={option}
          type="button"
          role="radio"
          aria-checked={option === choice}
          className={option === choice ? 'hx-segment hx-segment--active' : 'hx-segment'}
          data-testid={TID.theme(option)}
          onClick={() => setTheme(option)}
        >
          {t(LABELS[option])}
        </button>
      ))}
    </div>
  );
}
