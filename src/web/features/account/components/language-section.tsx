import { Alert, Divider, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DEFAULT_LOCALE, isLocale, LANGUAGE_NAMES, LOCALES, type Locale } from '../../../../core/i18n/locales.ts';
import { errorMessage } from '../../../lib/api.ts';
import { activateLocale, rememberLocale, useT } from '../../../lib/i18n.ts';
import { type Me, meQueryOptions, setMyLanguage } from '../../../lib/me.ts';

/**
 * Account's language: saved with the user, so it follows them to every device and to their emails;
 * the page switches to it as soon as it is saved. Each language is named in its own words.
 */
export function LanguageSection() {
  const t = useT();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The pseudo-locale of the browser tests is English to the server.
  const current: Locale = isLocale(t.locale) ? t.locale : DEFAULT_LOCALE;

  const choose = async (value: string) => {
    if (!isLocale(value) || value === current) return;
    setError(null);
    setBusy(true);
    try {
      await setMyLanguage(value);
      queryClient.setQueryData<Me>(meQueryOptions.queryKey, (me) => (me ? { ...me, language: value } : me));
      rememberLocale(value);
      await activateLocale(value);
    } catch (caught) {
      setError(errorMessage(caught, t('account.language.failed')));
    } finally {
      setBusy(false);
    }
  };

  // Its own divider: Account's sections are set apart by one.
  return (
    <>
      <Divider />
      <Stack gap="sm" component="section" aria-labelledby="language-title" maw={420}>
        <Title order={2} id="language-title">
          {t('common.language')}
        </Title>
        <Text size="sm">{t('account.language.intro')}</Text>
        <NativeSelect
          label={t('common.language')}
          value={current}
          disabled={busy}
          onChange={(event) => void choose(event.currentTarget.value)}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale} lang={locale}>
              {LANGUAGE_NAMES[locale]}
            </option>
          ))}
        </NativeSelect>
        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}
      </Stack>
    </>
  );
}
