import { render } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProviders } from './app/providers.tsx';
import { routes } from './app/router.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { createSessionStore } from './lib/session-store.ts';
import { PRERENDERED_PATH, renderLoginPage } from './prerender.tsx';

/**
 * The markup as a list of lines (elements with their attributes, and texts), without what differs
 * between a server and a browser render of the same page: the generated ids (React's useId gives
 * `_R_..._` on the server, `_r_..._` in the browser; Mantine's fields may take a random one), the
 * spacing inside style attributes, comments.
 */
function outline(html: string): string[] {
  const container = document.createElement('div');
  container.innerHTML = html;
  const ids = (text: string) =>
    text.replace(/_[Rr]_[0-9a-zA-Z]+_/g, 'ID').replace(/\bmantine-[0-9a-z]{9}\b/g, 'mantine-ID');
  const lines: string[] = [];
  const walk = (node: Node, depth: number) => {
    if (node instanceof Element) {
      const attributes = [...node.attributes]
        .map(
          (a) =>
            `${a.name}=${ids(a.name === 'style' ? a.value.replace(/\s*([:;])\s*/g, '$1').replace(/;$/, '') : a.value)}`,
        )
        .sort();
      lines.push(`${'  '.repeat(depth)}<${node.tagName.toLowerCase()} ${attributes.join(' ')}>`);
    } else if (node.nodeType === Node.TEXT_NODE && node.textContent?.trim()) {
      lines.push(`${'  '.repeat(depth)}${ids(node.textContent.trim())}`);
    }
    for (const child of node.childNodes) walk(child, depth + 1);
  };
  for (const child of container.childNodes) walk(child, 0);
  return lines;
}

describe('the prerendered login page', () => {
  it('is the markup the app renders at /login', () => {
    const prerendered = renderLoginPage();
    expect(prerendered).toContain('Sign in to Bullpen');

    // The tree app.tsx and main.tsx render, in the browser.
    const router = createMemoryRouter(routes, { initialEntries: [PRERENDERED_PATH] });
    const { container } = render(
      <StrictMode>
        <AppProviders queryClient={createQueryClient()} sessionStore={createSessionStore(null)}>
          <RouterProvider router={router} />
        </AppProviders>
      </StrictMode>,
    );
    expect(outline(prerendered)).toEqual(outline(container.innerHTML));
  });
});
