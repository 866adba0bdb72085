// Zod builds its object parsers with `new Function` when it may: the server's Content-Security-
// Policy forbids eval, and even Zod's try of it is reported as a violation. This is
// `z.config({ jitless: true })` without loading Zod on the first page (importing `config` would
// add 3.6 KiB to it): Zod takes its settings from this global when it loads. main.tsx imports
// this module first, before any schema is made; e2e/serving.spec.ts checks a page with a form.
const zodHost = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };
