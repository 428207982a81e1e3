import { configDefaults, defineConfig } from 'vitest/config';
import { compileCataloguesPlugin } from './src/core/i18n/compile.ts';

// graphql 16 ships ESM (module field) and CJS (main); Node loads the CJS one for graphql-yoga, so
// tests must too, or two copies of graphql meet ("from another module or realm").
const oneGraphql = { alias: [{ find: /^graphql$/, replacement: 'graphql/index.js' }] };

export default defineConfig({
  test: {
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
          fileParallelism: false,
          // One file after another in one worker that keeps the server's modules loaded: each file boots its own
          // app on its own database, and importing the server again for each file cost about 40 % of the run
          // (docs/performance.md, "The test run").
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
