import { Button, Group } from '@mantine/core';
import { LANGUAGE_NAMES, LOCALES, type Locale } from '../../core/i18n/locales.ts';
import { activateLocale, useT } from '../lib/i18n.ts';
import { pickOnLoginPage } from '../lib/language-choice.ts';

/**
 * The login page's language switch: each language named in its own words, so a reader finds
 * theirs whatever the page is in. The choice stays on this device until a signed-in user's own
 * language (Account) replaces it; picked just before signing in, it becomes their language.
 */
export function LanguageSwitch() {
  const t = useT();
  const choose = (locale: Locale) => {
    pickOnLoginPage(locale);
    void activateLocale(locale);
  };
  return (
    <Group component="nav" aria-label={t('login.language')} justify="center" gap="xs">
      {LOCALES.map((locale) => (
        <Button
          key={locale}
          lang={locale}
          variant={t.locale === locale ? 'light' : 'subtle'}
          size="compact-sm"
          aria-pressed={t.locale === locale}
          onClick={() => choose(locale)}
        >
          {LANGUAGE_NAMES[locale]}
        </Button>
      ))}
    </Group>
  );
}
