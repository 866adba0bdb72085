import { describe, expect, it } from 'vitest';
import { LOCALES } from '@hx/protocol';

type Tree = { [key: string]: string | Tree };

const files = import.meta.glob<Tree>('./locales/*.json', { eager: true, import: 'default' });

function read(locale: string): Tree {
  const tree = files[`./locales/${locale}.json`];
  if (!tree) throw new Error(`locales/${locale}.json is missing`);
  return tree;
}

/** Every leaf as 'a.b.c' → value. */
function flatten(tree: Tree, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'object' && value !== null) {
      for (const [k, v] of flatten(value, path)) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** Interpolations ({{name}}) and markup tags (<doc>…</doc>) a translation must keep. */
const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}|<\/?(\w+)>/g)].map((m) => m[0].replace(/\s/g, ''));
const english = flatten(read('en'));

describe.each(LOCALES)('locale %s', (locale) => {
  const messages = flatten(read(locale));

  it('has exactly the keys of en.json', () => {
    expect([...messages.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('has no empty values', () => {
    for (const [key, value] of messages) {
      expect(typeof value === 'string' && value.trim() !== '', key).toBe(true);
    }
  });

  it('keeps the placeholders of en.json', () => {
    for (const [key, value] of english) {
      expect(placeholders(String(messages.get(key))).sort(), key).toEqual(
        placeholders(String(value)).sort(),
      );
    }
  });
});

const nonLatin = LOCALES.filter((l) => l !== 'en' && l !== 'esp');

describe.each(nonLatin)('locale %s', (locale) => {
  it('leaves no English sentence untranslated', () => {
    for (const [key, value] of flatten(read(locale))) {
      // A sentence of Latin words in a CJK or Thai file is English left over.
      expect(/[A-Za-z]{3,}\s+[A-Za-z]{2,}/.test(String(value)), `${key}: ${value}`).toBe(false);
    }
  });
});

describe('locale esp', () => {
  it('differs from English', () => {
    // Codes and single shared words may match English ('UID {{id}}', 'Demo'); phrases may not.
    const words = (v: unknown) =>
      /[A-Za-z]{3,}\s+[A-Za-z]{2,}/.test(String(v).replace(/\{\{\w+\}\}/g, ''));
    const same = [...flatten(read('esp'))].filter(([k, v]) => english.get(k) === v && words(v));
    expect(same).toEqual([]);
  });
});
