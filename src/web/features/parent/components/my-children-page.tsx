import { Alert, Badge, Card, Checkbox, Divider, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useMyChildren } from '../api/my-children.ts';
import { useOutingEmails, useSetOutingEmails } from '../api/preferences.ts';
import { ChildStatus } from './child-status.tsx';

export const LOAD_FAILED = 'Failed to load your children';

/** /parent/players: each child linked to this parent, with their teams, pitching status today and live count. */
export function MyChildrenPage() {
  const children = useMyChildren();
  const emails = useOutingEmails();
  const setEmails = useSetOutingEmails();
  return (
    <Stack gap="lg">
      <Title order={1}>My Child's Status</Title>
      <Checkbox
        label="Email me when my child pitches"
        description="Pitches, rest owed and the next date they may pitch, after each outing"
        checked={emails.data ?? false}
        disabled={emails.data === undefined || setEmails.isPending}
        onChange={(event) => setEmails.mutate(event.currentTarget.checked)}
      />
      {setEmails.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(setEmails.error, 'Failed to save your email choice')}
        </Alert>
      ) : null}
      {children.isPending ? <PageLoader label="Loading your children" /> : null}
      {children.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(children.error, LOAD_FAILED)}
        </Alert>
      ) : null}
      {children.data?.length === 0 ? (
        <Text>No child is linked to your account yet. Ask your league's administrator to link you.</Text>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        {children.data?.map((child) => {
          const current = child.teams.filter((t) => t.seasonState !== 'archived');
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
                  Born {formatDate(child.birthDate)} · League age {child.leagueAge}
                </Text>
                {current.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    Not on a team this season.
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
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}
