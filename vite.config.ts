import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { createServer, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { compileCataloguesPlugin } from './src/core/i18n/compile.ts';

const api = 'http://localhost:3000';

/**
 * Brotli and gzip copies of the built text files, made once at build time: the server sends the
 * one a browser accepts (@fastify/static's preCompressed), so a phone on a slow network downloads
 * about a quarter of the bytes and the server compresses nothing per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'bullpen-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = join(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir).filter((f) => /\.(js|css|html|svg|webmanifest|json)$/.test(f))) {
        const body = readFileSync(file);
        if (body.length < 1024) continue;
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

/**
 * The login page's markup in index.html, hidden and inert (src/web/prerender.tsx renders it in Node
 * with the app's own components). main.tsx shows it on /login, so the browser paints the page from
 * the HTML and the stylesheet without waiting for the app's scripts; the app then replaces it with
 * the same markup. Any other page drops it before anything is painted.
 */
function prerenderLogin(): Plugin {
  let root = '';
  let outDir = '';
  /** index.html with the login page in each other language (index.es.html), written once the build is out. */
  const otherLanguages = new Map<string, string>();
  return {
    name: 'bullpen-prerender-login',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        const placeholder = '<div id="root"></div>';
        const entry = /<script type="module" crossorigin src="[^"]+"><\/script>/g;
        if (!html.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`);
        if (html.match(entry)?.length !== 1) throw new Error('index.html must have one entry script');
        if (!html.includes('<html lang="en"')) throw new Error('index.html must be <html lang="en" ...>');
        const server = await createServer({
          configFile: false,
          root,
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
          // Node imports the dependencies as they are: nothing to scan or bundle for a browser.
          optimizeDeps: { noDiscovery: true, include: [] },
          plugins: [compileCataloguesPlugin(), react()],
        });
        try {
          const { PRERENDERED_PATH, renderLoginPage } = (await server.ssrLoadModule('/prerender.tsx')) as {
            PRERENDERED_PATH: string;
            renderLoginPage: (locale: string) => string;
          };
          const page = (locale: string) =>
            html
              .replace(
                placeholder,
                () =>
                  `<div id="root"><div data-prerendered="${PRERENDERED_PATH}" hidden inert>${renderLoginPage(locale)}</div></div>`,
              )
              .replace('<html lang="en"', `<html lang="${locale}"`)
              // Nothing is painted before main.tsx has shown the page or dropped it (a small file,
              // downloaded beside the stylesheet), so no other page flashes the login page.
              .replace(entry, (tag) => tag.replace('<script ', '<script blocking="render" '));
          otherLanguages.set('es', page('es'));
          return page('en');
        } finally {
          await server.close();
        }
      },
    },
    closeBundle() {
      for (const [locale, html] of otherLanguages) writeFileSync(join(outDir, `index.${locale}.html`), html);
    },
  };
}

/** The app's blue (Mantine blue.9): the icons' background and the browser's bar. */
const THEME_COLOR = '#1864ab';

export default defineConfig({
  root: 'src/web',
  plugins: [
    compileCataloguesPlugin(),
    react(),
    // The app installs and opens offline once visited: the built app is precached and
    // every page navigation falls back to index.html, but never the server's own paths.
    VitePWA({
      strategies: 'generateSW',
      registerType: 'autoUpdate',
      // main.tsx registers it (an injected inline script would break the CSP).
      injectRegister: null,
      includeAssets: ['favicon-32.png', 'apple-touch-icon.png'],
      manifest: {
        name: 'Bullpen',
        short_name: 'Bullpen',
        description: 'Pitch counts and rest-day rules for youth baseball and softball leagues.',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        display: 'standalone',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      workbox: {
        globPatterns: ['**/*.{js,css,html,png,webmanifest}'],
        navigateFallback: 'index.html',
        navigateFallbackDenylist: [/^\/graphql/, /^\/api\//, /^\/admin-queries\//, /^\/healthz/, /^\/readyz/],
        cleanupOutdatedCaches: true,
        clientsClaim: true,
        skipWaiting: true,
      },
    }),
    prerenderLogin(),
    precompress(),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Everything the app needs to start (start.tsx and what it imports) in one file, not a dozen
        // small shared chunks: the browser starts one download instead of fifteen.
        codeSplitting: {
          groups: [
            { name: 'preload', test: /vite[\\/]preload-helper/, priority: 1 },
            { name: 'start', test: /src[\\/]web[\\/]start\.tsx$/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/graphql': { target: api, ws: true },
      '/api': { target: api },
    },
  },
});
