import { readFileSync } from 'node:fs';
import { colord, extend } from 'colord';
import a11yPlugin from 'colord/plugins/a11y';
import { describe, expect, it } from 'vitest';

extend([a11yPlugin]);

const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');

/** The custom properties one block of app.css sets, over those of `base`. */
function block(opening: string, base: Record<string, string> = {}): Record<string, string> {
  const start = css.indexOf(opening);
  if (start < 0) throw new Error(`no block ${opening}`);
  const body = css.slice(start, css.indexOf('}', start));
  const vars = { ...base };
  for (const [, name, value] of body.matchAll(/(--[\w-]+):\s*([^;]+);/g))
    vars[name!] = value!.trim();
  return vars;
}

const light = block('\n:root {');
const THEMES = {
  light,
  dark: block("\nhtml[data-prefers-color-scheme='dark']:root {", light),
};

/** A variable's colour, following var() references as the browser does. */
function color(vars: Record<string, string>, name: string): string {
  let value = vars[name];
  while (value?.startsWith('var(')) value = vars[value.slice(4, -1)];
  if (!value || !colord(value).isValid()) throw new Error(`${name} is not a colour: ${value}`);
  return value;
}

const SURFACES = [
  '--hx-page-bg',
  '--hx-surface',
  '--hx-surface-raised',
  '--hx-wathet',
  '--hx-navbar-bg',
  '--hx-tabbar-bg',
];
const TEXTS = [
  '--hx-text',
  '--hx-text-secondary',
  '--hx-text-weak',
  '--hx-brand',
  '--hx-rise',
  '--hx-fall',
  '--hx-warning',
  '--hx-tabbar-active',
  '--hx-tabbar-inactive',
];
const FILLS = ['--hx-brand-fill', '--hx-rise-fill', '--hx-fall-fill'];

/** Pairs below WCAG AA for normal text (4.5:1), as readable lines. */
function failing(vars: Record<string, string>, pairs: [string, string][]): string[] {
  return pairs
    .map(([text, ground]) => {
      const fg = text === 'white' ? '#ffffff' : color(vars, text);
      const ratio = colord(fg).contrast(color(vars, ground));
      return { text, ground, ratio };
    })
    .filter((p) => p.ratio < 4.5)
    .map((p) => `${p.text} on ${p.ground}: ${p.ratio}`);
}

describe.each(Object.entries(THEMES))('the %s palette', (_, vars) => {
  it('keeps every text colour readable (4.5:1) on every surface', () => {
    const pairs = TEXTS.flatMap((text) => SURFACES.map((s): [string, string] => [text, s]));
    expect(failing(vars, pairs)).toEqual([]);
  });

  it('keeps white text readable on every fill', () => {
    expect(
      failing(
        vars,
        FILLS.map((fill): [string, string] => ['white', fill]),
      ),
    ).toEqual([]);
  });

  it('paints the notice bar (home, notices) in the theme, its text readable', () => {
    // antd-mobile's own notice bar colours are fixed light ones.
    const bar = block('\nhtml .adm-notice-bar.adm-notice-bar-info {');
    for (const name of ['--background-color', '--border-color', '--text-color'])
      expect(bar[name], name).toMatch(/^var\(--hx-/);
    expect(failing({ ...vars, ...bar }, [['--text-color', '--background-color']])).toEqual([]);
  });

  it('points antd-mobile at the text colours', () => {
    expect(vars['--adm-color-primary']).toBe('var(--hx-brand)');
    expect(vars['--adm-color-success']).toBe('var(--hx-rise)');
    expect(vars['--adm-color-danger']).toBe('var(--hx-fall)');
    expect(vars['--adm-color-warning']).toBe('var(--hx-warning)');
    expect(vars['--adm-color-weak']).toBe('var(--hx-text-weak)');
  });
});
