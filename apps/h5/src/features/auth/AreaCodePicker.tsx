import { useMemo, useState } from 'react';
import { Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import DownFill from 'antd-mobile-icons/es/DownFill';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import { LOCALE_TAGS, type AreaCode, type Locale } from '@hx/protocol';
import { TextInput } from '../../components/TextInput.tsx';
import { useAreaCodes } from '../config/queries.ts';
import { useLocale } from '../../i18n/index.ts';
import { TID } from '../../testids.ts';
import './auth.css';

function regionNames(locale: Locale): (area: AreaCode) => string {
  try {
    const names = new Intl.DisplayNames([LOCALE_TAGS[locale]], { type: 'region' });
    return (area) => names.of(area.country) ?? area.name;
  } catch {
    return (area) => area.name;
  }
}

/** The "+86" button before a phone number, opening a searchable list of countries. */
export function AreaCodePicker({
  value,
  onChange,
}: {
  value: string;
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const { data: areas = [] } = useAreaCodes();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');

  const named = useMemo(() => {
    const nameOf = regionNames(locale);
    return areas.map((area) => ({ ...area, local: nameOf(area) }));
  }, [areas, locale]);
  const query = search.trim().toLowerCase().replace(/^\+/, '');
  const shown = query
    ? named.filter(
        (a) =>
          a.code.startsWith(query) ||
          a.local.toLowerCase().includes(query) ||
          a.name.toLowerCase().includes(query) ||
          a.country.toLowerCase() === query,
      )
    : named;

  return (
    <>
      <button
        type="button"
        className="hx-area-button"
        data-testid={TID.areaCode}
        aria-label={t('auth.areaCode')}
        onClick={() => setOpen(true)}
      >
        +{value}
        <DownFill className="hx-area-caret" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="hx-area-popup"
        destroyOnClose
      >
        <div className="hx-area-header">
          <div className="hx-area-title">{t('auth.areaCode')}</div>
          <TextInput
            type="search"
            value={search}
            onChange={setSearch}
            placeholder={t('auth.searchArea')}
            testId={TID.areaCodeSearch}
          />
        </div>
        <ul className="hx-area-list">
          {shown.map((area) => (
            <li key={`${area.country}-${area.code}`}>
              <button
                type="button"
                className="hx-area-item"
                data-testid={TID.areaCodeItem(area.code)}
                onClick={() => {
                  onChange(area.code);
                  setOpen(false);
                  setSearch('');
                }}
              >
                <span>{area.local}</span>
                <span className="hx-area-code">
                  +{area.code}
                  {area.code === value && <CheckOutline className="hx-area-check" />}
                </span>
              </button>
            </li>
          ))}
          {shown.length === 0 && <li className="hx-area-none">{t('auth.noArea')}</li>}
        </ul>
      </Popup>
    </>
  );
}
