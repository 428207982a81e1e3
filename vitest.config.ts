import { configDefaults, defineConfig } from 'vitest/config';
import { compileCataloguesPlugin } from './src/core/i18n/compile.ts';

// graphql 16 ships ESM (module field) and CJS (main); Node loads the CJS one for graphql-yoga, so
// tests must too, or two copies of graphql meet ("from another module or realm").
const oneGraphql = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

// Two files at a time, whatever the project: on this 2-core machine one worker left a core idle (the run took
// 25.5 minutes for 23 of work), and the API files that wait on a child process (the CLI, the compiled server, the
// deploy guide) leave room for another file beside them. BULLPEN_TEST_WORKERS sets another number.
const workers = Number(process.env.BULLPEN_TEST_WORKERS ?? 2);

export default defineConfig({
  test: {
    maxWorkers: workers,
    projects: [
      {
        resolve: oneGraphql,
        test: {
          name: 'unit',
          environment: 'node',
          // test/lint-rules.test.ts checks biome.json's layer rules.
          include: ['src/core/**/*.test.ts', 'src/server/**/*.test.ts', 'test/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.api.test.ts'],
        },
      },
      {
        resolve: oneGraphql,
        test: {
          name: 'api',
          environment: 'node',
          // test/deploy: docs/deploy.md followed as written, and Caddy in front of a production server (as root).
          include: ['src/server/**/*.api.test.ts', 'test/deploy/*.api.test.ts'],
          globalSetup: ['src/server/testing/global-setup.ts'],
          // Workers that keep the server's modules loaded from file to file: each file boots its own app on its own
          // database (embedded from a template; on PostgreSQL, its worker's own database), and importing the server
          // again for each file cost about 40 % of the run (docs/performance.md, "The test run").
          isolate: false,
          hookTimeout: 60_000,
          testTimeout: 30_000,
        },
      },
      {
        // The browser's catalogues, compiled as the build compiles them.
        plugins: [compileCataloguesPlugin()],
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/web/**/*.test.{ts,tsx}'],
          // Screens render in jsdom while the API tests run beside them on the same 2 cores.
          testTimeout: 20_000,
          setupFiles: ['src/web/test-setup.ts'],
        },
      },
    ],
  },
});
