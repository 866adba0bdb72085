import 'i18next';
import type en from './locales/en.json';

// t() keys and their interpolation values are checked against the English source.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
