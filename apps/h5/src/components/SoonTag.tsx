import { useTranslation } from 'react-i18next';

/** Marks an entry whose page is not built yet ('Soon', or 'Coming soon' where there is room). */
export function SoonTag({ long = false }: { long?: boolean }) {
  const { t } = useTranslation();
  return <span className="hx-soon">{long ? t('common.comingSoon') : t('common.soon')}</span>;
}
