import { Alert, Badge, Card, Checkbox, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { useMyChildren } from '../api/my-children.ts';
import { useOutingEmails, useSetOutingEmails } from '../api/preferences.ts';
import { AskRemoval } from './ask-removal.tsx';
import { ChildStatus } from './child-status.tsx';

/** /parent/players: each child linked to this parent, with their teams, pitching status today and live count. */
export function MyChildrenPage() {
  const t = useT();
  const children = useMyChildren();
  const emails = useOutingEmails();
  const setEmails = useSetOutingEmails();
  return (
    <Stack gap="lg">
      <Title order={1}>{t('status.children.title')}</Title>
      <Checkbox
        label={t('status.children.emailMe')}
        description={t('status.children.emailMeHint')}
        checked={emails.data ?? false}
        disabled={emails.data === undefined || setEmails.isPending}
        onChange={(event) => setEmails.mutate(event.currentTarget.checked)}
      />
      {setEmails.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(setEmails.error, t('status.children.emailFailed'))}
        </Alert>
      ) : null}
      {children.isPending ? <PageLoader label={t('status.children.loading')} /> : null}
      {children.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(children.error, t('status.children.loadFailed'))}
        </Alert>
      ) : null}
      {children.data?.length === 0 ? <Text>{t('status.children.noChild')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children.data?.map((child) => {
          const current = child.teams.filter((team) => team.seasonState !== 'archived');
          return (
            <Card
              key={child.id}
              withBorder
              padding="md"
              component="section"
              aria-label={`${child.firstName} ${child.lastName}`}
            >
              <Stack gap={6}>
                <Group justify="space-between" align="baseline">
                  <Title order={2} size="h3">
                    {child.firstName} {child.lastName}
                  </Title>
                  {child.jerseyNumber ? <Badge variant="light">#{child.jerseyNumber}</Badge> : null}
                </Group>
                <Text size="sm">
                  {t('status.children.born', { date: formatDate(child.birthDate), age: child.leagueAge })}
                </Text>
                {current.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    {t('status.children.noTeam')}
                  </Text>
                ) : (
                  current.map((team) => (
                    <Text size="sm" key={team.id}>
                      {team.name} ({team.leagueName}), {team.seasonName}
                    </Text>
                  ))
                )}
                <Divider my={4} />
                <ChildStatus
                  playerId={child.id}
                  name={`${child.firstName} ${child.lastName}`}
                  firstName={child.firstName}
                  birthDate={child.birthDate}
                />
                <Divider my={4} />
                <AskRemoval child={child} />
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
