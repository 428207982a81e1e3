import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { officialSignatureSchema } from '../../../../core/official-signature.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useSignAsOfficial } from '../api/sign-as-official.ts';

/**
 * /official: the plate umpire or game official signs a game's counts on their own phone with the
 * code the home coach's phone shows, signed in or not: the code is the right to sign.
 */
export function OfficialSignPage() {
  const t = useT();
  const sign = useSignAsOfficial();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = officialSignatureSchema.safeParse({ code, name });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setProblem(issue ? t.said(issue) : t('games.officialSign.checkInput'));
      return;
    }
    setProblem(null);
    sign.mutate(parsed.data);
  };

  return (
    <Container size={420} py="xl">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {t('games.officialSign.title')}
          </Title>
          {sign.data ? (
            <Alert color="green" variant="light" role="status" title={t('games.officialSign.signed')}>
              {t('games.officialSign.signedText', {
                game: sign.data.title,
                league: sign.data.leagueName,
                date: formatDate(sign.data.date),
              })}
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <Text size="sm">{t('games.officialSign.intro')}</Text>
                <TextInput
                  label={t('games.officialSign.code')}
                  required
                  size="md"
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                />
                <TextInput
                  label={t('games.officialSign.yourName')}
                  required
                  size="md"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                />
                {problem || sign.isError ? (
                  <Alert color="red" variant="light" role="alert">
                    {problem ?? adminErrorMessage(sign.error, t('games.officialSign.signFailed'))}
                  </Alert>
                ) : null}
                <Button type="submit" size="md" loading={sign.isPending}>
                  {t('games.officialSign.sign')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
