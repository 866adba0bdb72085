import { useTranslation } from 'react-i18next';
import { TID } from '../../testids.ts';
import { setTheme, THEME_CHOICES, useThemeChoice } from './theme.ts';
import { Segments } from '../../components/Segments.tsx';

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
    <Segments
      role="radio"
      className="hx-segments--small"
      ariaLabel={t('settings.theme')}
      options={THEME_CHOICES}
      value={choice}
      onChange={setTheme}
      label={(option) => t(LABELS[option])}
      testId={TID.theme}
    />
  );
}
