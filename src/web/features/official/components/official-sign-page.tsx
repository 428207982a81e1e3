import { Alert, Button, Container, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { officialSignatureSchema } from '../../../../core/official-signature.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSignAsOfficial } from '../api/sign-as-official.ts';

/**
 * /official: the plate umpire or game official signs a game's counts on their own phone with the
 * code the home coach's phone shows, signed in or not: the code is the right to sign.
 */
export function OfficialSignPage() {
  const sign = useSignAsOfficial();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = officialSignatureSchema.safeParse({ code, name });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? 'Check the code and your name');
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
            Sign a game’s counts
          </Title>
          {sign.data ? (
            <Alert color="green" variant="light" role="status" title="Signed">
              You signed the counts of {sign.data.title} ({sign.data.leagueName}), {formatDate(sign.data.date)}. Both
              coaches see your signature; the game’s history keeps it.
            </Alert>
          ) : (
            <form onSubmit={onSubmit} noValidate>
              <Stack gap="md">
                <Text size="sm">
                  The home coach’s phone shows a code of eight letters and digits. Enter it with your name to sign the
                  game’s pitch counts as its official.
                </Text>
                <TextInput
                  label="Code"
                  required
                  size="md"
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                />
                <TextInput
                  label="Your name"
                  required
                  size="md"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                />
                {problem || sign.isError ? (
                  <Alert color="red" variant="light" role="alert">
                    {problem ?? adminErrorMessage(sign.error, 'Could not sign')}
                  </Alert>
                ) : null}
                <Button type="submit" size="md" loading={sign.isPending}>
                  Sign the counts
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
