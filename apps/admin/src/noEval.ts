// Zod builds its object parsers with `new Function` when it may: the server's Content-Security-
// Policy forbids eval, and even Zod's try of it is reported as a violation. Set as in the mobile
// app (apps/h5/src/app/noEval.ts, which says why it is a global); main.tsx imports this first.
const zodHost = globalThis as { __zod_globalConfig?: Record<string, unknown> };
zodHost.__zod_globalConfig = { ...zodHost.__zod_globalConfig, jitless: true };
