import { useState, type ReactNode } from 'react';
import { Popup } from 'antd-mobile';
import CheckOutline from 'antd-mobile-icons/es/CheckOutline';
import DownOutline from 'antd-mobile-icons/es/DownOutline';
import { FormRow } from '../../components/FormRow.tsx';
import { TextInput } from '../../components/TextInput.tsx';
import { TID } from '../../testids.ts';

export interface SelectOption<K extends string | number> {
  key: K;
  label: ReactNode;
  /** Shown at the right of the option, e.g. a balance. */
  extra?: ReactNode;
  /** Names the option in its test id when the key is not telling (a coin's name for its id). */
  testKey?: string;
  /** The text a search matches (searchable fields). */
  search?: string;
}

/**
 * A form row whose value is chosen from a bottom sheet: coins, sub-accounts, addresses, cards.
 * The options carry `TID.picker.option(key)`.
 */
export function SelectField<K extends string | number>({
  label,
  title,
  value,
  options,
  onChange,
  placeholder,
  error,
  testId,
  extra,
  searchable = false,
  searchPlaceholder,
}: {
  label: ReactNode;
  /** The sheet's heading (the label by default). */
  title?: ReactNode;
  value: K | undefined;
  options: readonly SelectOption<K>[];
  onChange: (key: K) => void;
  placeholder?: ReactNode;
  error?: string;
  testId: string;
  extra?: ReactNode;
  /** A search box above long lists (countries). */
  searchable?: boolean;
  searchPlaceholder?: string;
}) {
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const chosen = options.find((o) => o.key === value);
  const needle = query.trim().toLowerCase();
  const shown = needle
    ? options.filter((o) => (o.search ?? String(o.key)).toLowerCase().includes(needle))
    : options;
  return (
    <FormRow label={label} error={error} extra={extra}>
      <button
        type="button"
        className="hx-select"
        data-testid={testId}
        aria-haspopup="listbox"
        onClick={() => setOpen(true)}
      >
        <span className={chosen ? 'hx-select-value' : 'hx-select-value hx-select-value--empty'}>
          {chosen?.label ?? placeholder}
        </span>
        <DownOutline className="hx-select-caret" />
      </button>
      <Popup
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="hx-sheet"
        destroyOnClose
      >
        <h2 className="hx-sheet-title">{title ?? label}</h2>
        {searchable && (
          <TextInput
            type="search"
            value={query}
            onChange={setQuery}
            placeholder={searchPlaceholder}
            testId={TID.picker.search}
          />
        )}
        <ul className="hx-options" role="listbox">
          {shown.map((option) => (
            <li key={option.key}>
              <button
                type="button"
                role="option"
                aria-selected={option.key === value}
                className="hx-option"
                data-testid={TID.picker.option(option.testKey ?? String(option.key))}
                onClick={() => {
                  setOpen(false);
                  onChange(option.key);
                }}
              >
                <span className="hx-option-label">{option.label}</span>
                {option.extra && <span className="hx-option-extra">{option.extra}</span>}
                {option.key === value && <CheckOutline className="hx-option-check" />}
              </button>
            </li>
          ))}
        </ul>
      </Popup>
    </FormRow>
  );
}
