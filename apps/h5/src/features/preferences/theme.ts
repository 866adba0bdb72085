import { useSyncExternalStore } from 'react';
import { storage, STORAGE_KEYS } from '../../lib/storage.ts';

export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

const media =
  typeof window !== 'undefined' && window.matchMedia
    ? window.matchMedia('(prefers-color-scheme: dark)')
    : null;

function stored(): ThemeChoice {
  const value = storage.get(STORAGE_KEYS.theme);
  return value === 'light' || value === 'dark' ? value : 'system';
}

let choice = stored();
const listeners = new Set<() => void>();

/** Sets antd-mobile's dark mode attribute, which also switches the app's own colours. */
function apply(): void {
  const dark = choice === 'dark' || (choice === 'system' && media?.matches === true);
  const root = document.documentElement;
  root.setAttribute('data-prefers-color-scheme', dark ? 'dark' : 'light');
  root.style.colorScheme = dark ? 'dark' : 'light';
  document
    .querySelector('meta[name="theme-color"]')
    ?.setAttribute('content', dark ? '#1b2c42' : '#ffffff');
}

/** Applies the stored theme and follows the system while the choice is 'system'. */
export function initTheme(): void {
  apply();
  media?.addEventListener('change', () => {
    if (choice === 'system') apply();
  });
}

export function setTheme(next: ThemeChoice): void {
  choice = next;
  if (next === 'system') storage.remove(STORAGE_KEYS.theme);
  else storage.set(STORAGE_KEYS.theme, next);
  apply();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => choice,
    () => choice,
  );
}
