/// <reference types="vite-plugin-pwa/vanillajs" />
import './app/global.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { activateLocale, initialLocale } from './lib/i18n.ts';
import { sessionStore } from './lib/session-store.ts';

// The app itself, loaded by main.tsx. Its first render replaces what #root holds (the login page's
// prerendered markup, when main.tsx showed it). That render is a transition: React renders in slices
// of a few milliseconds instead of one long task, so the page answers taps while it loads.
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// The language's login messages arrive first (a small file, fetched beside this one): the page's
// first render is already in the reader's language.
const reactRoot = createRoot(root);
void activateLocale(initialLocale()).then(() =>
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  }),
);

// The app opens offline once visited (vite-plugin-pwa's service worker, updated by itself). Loaded
// after the first render, in its own chunk; it registers once the page has loaded, so its precache
// never competes with the page's own downloads.
if ('serviceWorker' in navigator) {
  void import('virtual:pwa-register').then(({ registerSW }) => registerSW());
}

// Live-count taps waiting in this browser are sent while a user is signed in: on app start, after
// signing in (the same user's own taps only), and until the session ends. The offline code loads
// on demand, never with the login page.
let syncing = false;
function followSession() {
  const signedIn = sessionStore.getSnapshot().roles.length > 0;
  if (signedIn === syncing) return;
  syncing = signedIn;
  void import('./lib/offline/app-sync.ts')
    .then((offline) => (signedIn ? offline.startSync() : offline.stopSync()))
    .catch(() => undefined);
}
sessionStore.subscribe(followSession);
followSession();
