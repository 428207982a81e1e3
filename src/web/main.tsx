import './app/mantine.css';
import { initialLocale } from './lib/language-choice.ts';

/**
 * The entry, kept tiny so that the login page's first paint waits for nothing but the HTML and the
 * stylesheet. The build writes the login page's markup into index.html (vite.config.ts, prerender.tsx),
 * hidden and inert. On /login it is shown at once and the app (start.tsx) loads after that first
 * paint, then replaces it with the same markup, alive. On any other page it is dropped and the app
 * loads at once, as before.
 */
const root = document.getElementById('root');
const prerendered = root?.querySelector<HTMLElement>('[data-prerendered]');

function startApp() {
  import('./start.tsx').catch((error: unknown) => {
    // Without the app, a form that cannot be used would stay on screen: show what a failed load showed.
    prerendered?.remove();
    throw error;
  });
}

/** Runs `then` once the browser has shown the first contentful paint (or soon, if it never says). */
function afterFirstPaint(then: () => void) {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  if (typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    const observer = new PerformanceObserver((list) => {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      once();
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  // A hidden tab paints nothing; the app must load anyway.
  setTimeout(once, 300);
}

// The markup is the login page with no message on it: no ?reason=, no notice carried in the history state.
// ...and in the reader's language: the server sends each language's page, but an installed app's
// offline copy is the English one.
const showsPrerendered =
  prerendered != null &&
  document.documentElement.lang === initialLocale() &&
  window.location.pathname === prerendered.dataset.prerendered &&
  window.location.search === '' &&
  (window.history.state as { usr?: unknown } | null)?.usr == null;

if (prerendered && showsPrerendered) {
  prerendered.hidden = false;
  afterFirstPaint(startApp);
} else {
  prerendered?.remove();
  startApp();
}
