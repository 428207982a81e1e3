import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const api = 'http://localhost:3000';

/** The app's blue (Mantine blue.9): the icons' background and the browser's bar. */
const THEME_COLOR = '#1864ab';

export default defineConfig({
  root: 'src/web',
  plugins: [
    react(),
    // The app installs and opens offline once visited (issue 6): the built app is precached and
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
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/graphql': { target: api, ws: true },
      '/api': { target: api },
    },
  },
});
