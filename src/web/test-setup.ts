import '@testing-library/jest-dom/vitest';
import type { Messages } from '@lingui/core';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { loadEagerly } from './lib/i18n.ts';

// Screens render in English, the catalogues' source, unless a test switches.
loadEagerly('en', import.meta.glob<Messages>('../core/i18n/catalogues/*/*.json', { import: 'default', eager: true }));

// Pages load lazily; on a busy 2-core CI machine (API tests running beside) the first find may need
// longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks what Mantine measures with: media queries and element resizing.
if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    configurable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

if (!('ResizeObserver' in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, configurable: true, value: ResizeObserverStub });
  Object.defineProperty(globalThis, 'ResizeObserver', {
    writable: true,
    configurable: true,
    value: ResizeObserverStub,
  });
}

if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
