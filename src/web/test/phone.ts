import { vi } from 'vitest';
import { PHONE_QUERY } from '../lib/use-phone.ts';

/**
 * The screen is a phone's (390 px) until the test's mocks are restored: the phone query matches, every other
 * media query does not. jsdom answers no media query on its own.
 */
export function onPhone() {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: query === PHONE_QUERY,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }));
}
