import { defineConfig } from 'vitest/config';

const postgres = process.env.TEST_DATABASE_URL;
const serverTests = [
  'apps/server/src/**/*.test.ts',
  'packages/db/src/**/*.test.ts',
  'packages/ledger/src/**/*.test.ts',
];

/**
 * Every test runs on the embedded database; the database-touching ones run again on PostgreSQL
 * when TEST_DATABASE_URL is set. The server's and packages' files share their workers' module
 * graph (`isolate: false`): each file importing the whole server anew cost ~1.5 s, 400 s of the
 * suite (docs/performance.md, "The test suite"). They keep no state in modules that a later file
 * could see; the app's files mock modules and stay isolated.
 */
export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two files at once even on two cores (the default leaves one core idle): the tests wait on
    // databases, sockets and timers as much as they compute. Measured 127 s → 94 s on the wallet,
    // spot, socket, options and auth files (docs/performance.md, "The test suite").
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'embedded',
          include: ['apps/server/src/**/*.test.ts', 'packages/*/src/**/*.test.ts'],
          environment: 'node',
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'app',
          include: ['apps/{h5,admin}/src/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                include: serverTests,
                env: { HX_TEST_DB: 'postgres' },
                isolate: false,
              },
            },
          ]
        : []),
    ],
  },
});
