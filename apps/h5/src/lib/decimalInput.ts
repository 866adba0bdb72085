import { useState } from 'react';
import { LOCALE_TAGS, type Locale } from '@hx/protocol';
import { useLocale } from '../i18n/index.ts';

/**
 * Number inputs in the language's separators, both ways: Spanish shows 64273,16 (as its book
 * shows 64.480,00) and reads "64.480,5" as 64480.5. What the form keeps, and sends, is always a
 * plain decimal string ("64480.5"). Inputs show no grouping, so what is typed stays as typed.
 */

const separators = new Map<Locale, { decimal: string; group: string }>();

export function separatorsOf(locale: Locale): { decimal: string; group: string } {
  let found = separators.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(LOCALE_TAGS[locale]).formatToParts(12345.5);
    const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
    found = { decimal, group: decimal === ',' ? '.' : ',' };
    separators.set(locale, found);
  }
  return found;
}

/** A plain decimal string ("64273.16") as the input shows it in `locale` ("64273,16"). */
export function toLocaleInput(plain: string, locale: Locale): string {
  return plain.replace('.', separatorsOf(locale).decimal);
}

/**
 * What was typed, as a plain decimal string. The language's group separator is dropped and its
 * decimal separator becomes a point; without a decimal separator, the other mark is a decimal
 * point unless it groups thousands ("64.480" is 64480 in Spanish, "64480.5" is 64480.5).
 */
export function fromLocaleInput(text: string, locale: Locale): string {
  const { decimal, group } = separatorsOf(locale);
  const trimmed = text.replace(/[\s\u00a0\u202f']/g, '');
  if (trimmed.includes(decimal)) return trimmed.split(group).join('').split(decimal).join('.');
  const groups = new RegExp(`^\\d{1,3}(\\${group}\\d{3})+$`);
  if (groups.test(trimmed)) return trimmed.split(group).join('');
  return trimmed.split(group).join('.');
}

/**
 * An input's text for a plain decimal `value`: what the user typed while it means `value`, the
 * value in the language's separators once it changes from outside (a step button, "All").
 */
export function useLocaleDecimal(value: string, onChange: (plain: string) => void) {
  const locale = useLocale();
  const [typed, setTyped] = useState('');
  const text = fromLocaleInput(typed, locale) === value ? typed : toLocaleInput(value, locale);
  return {
    text,
    onText: (raw: string) => {
      setTyped(raw);
      onChange(fromLocaleInput(raw, locale));
    },
  };
}
