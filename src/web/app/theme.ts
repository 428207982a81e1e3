import { type CSSVariablesResolver, createTheme, PasswordInput } from '@mantine/core';
import type { Translate } from '../lib/i18n.ts';

/**
 * High contrast: darker shades for filled buttons, links and error text, so every text reaches
 * WCAG AA (4.5:1) on white; Mantine's defaults (shade 6) do not. The words Mantine's components
 * say themselves (a button's name) are the reader's language's, so there is one theme per language.
 */
export const themeFor = (t: Translate) =>
  createTheme({
    primaryColor: 'blue',
    primaryShade: { light: 8, dark: 8 },
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    headings: { fontWeight: '700' },
    defaultRadius: 'md',
    cursorType: 'pointer',
    components: {
      // Mantine names the eye button "Toggle password visibility", which a search for the field
      // labelled "Password" also finds; this name says the same without repeating the field's.
      PasswordInput: PasswordInput.extend({
        defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('login.password.showHide') } },
      }),
      // A table that scrolls sideways on a phone is reached and scrolled with the keyboard too, even
      // when it holds no button (an empty list, a reader's table without actions): axe's
      // scrollable-region-focusable.
      // A plain object: Table.ScrollContainer.extend would bring the whole Table into the login page's bundle (+65 kB).
      TableScrollContainer: { defaultProps: { tabIndex: 0 } },
      // Every dialog's close button has a name (axe's button-name), in the reader's language, whichever modal
      // forgot to give one. A plain object, for the same reason as above.
      Modal: { defaultProps: { closeButtonProps: { 'aria-label': t('login.modal.close') } } },
      // A badge longer than its room (a longer language's "This device" in a phone's column) wraps to a
      // second line instead of being cut off. A plain object, for the same reason as above.
      Badge: {
        styles: {
          root: { height: 'auto', minHeight: 'var(--badge-height)', maxWidth: '100%' },
          label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip', lineHeight: 1.2 },
        },
      },
    },
  });

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    // Light backgrounds one step paler, so the dark blue text on them keeps 4.5:1 when hovered too.
    '--mantine-color-blue-light': 'var(--mantine-color-blue-0)',
    '--mantine-color-blue-light-hover': 'var(--mantine-color-blue-1)',
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
  },
  dark: {},
});
