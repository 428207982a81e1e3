import { Box, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { StoredTap } from '../../../lib/offline/types.ts';
import { type BookView, comparisonText, type GameBookRow, LIVE_TEXT, tapLabel } from './live-count-model.ts';

export interface BooksComparisonProps {
  ourTeam: string;
  theirTeam: string | null;
  ours: BookView;
  theirs: BookView | null;
}

/** Both dugouts' counts of the current pitcher side by side, and whether they differ (in words). */
export function BooksComparison({ ourTeam, theirTeam, ours, theirs }: BooksComparisonProps) {
  const text = comparisonText(ours, theirs, theirTeam);
  const differs = theirs !== null && text !== LIVE_TEXT.countsAgree;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="books-heading">
      <Title order={2} fz="lg" id="books-heading" mb="xs">
        Both dugouts
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        <BookBox label={LIVE_TEXT.ourCount} team={ourTeam} view={ours} />
        <BookBox label={LIVE_TEXT.theirCount} team={theirTeam ?? 'Other dugout'} view={theirs} />
      </SimpleGrid>
      <Text
        role="status"
        mt="xs"
        fw={700}
        px="xs"
        py={4}
        style={{
          borderRadius: 'var(--mantine-radius-sm)',
          background: differs ? 'var(--mantine-color-orange-1)' : 'transparent',
          border: `2px solid ${differs ? 'var(--mantine-color-orange-9)' : 'transparent'}`,
        }}
      >
        {differs ? <span aria-hidden="true">⚠ </span> : null}
        <span>{text}</span>
      </Text>
    </Paper>
  );
}

function BookBox({ label, team, view }: { label: string; team: string; view: BookView | null }) {
  return (
    <Stack gap={0}>
      <Text fw={700}>{label}</Text>
      <Text fz="sm" c="dimmed" truncate>
        {team}
      </Text>
      <Box
        component="output"
        aria-label={label}
        fz={36}
        fw={800}
        lh={1.2}
        style={{ fontVariantNumeric: 'tabular-nums' }}
      >
        {view ? view.count : '—'}
      </Box>
      <Text fz="sm">{view ? `${view.batters} ${view.batters === 1 ? 'batter' : 'batters'}` : ' '}</Text>
    </Stack>
  );
}

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: 'numeric', minute: '2-digit', second: '2-digit' });

/** Taps the server refused, with its reason: never dropped silently. */
export function NotAccepted({ refused }: { refused: readonly StoredTap[] }) {
  if (refused.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="refused-heading">
      <Title order={2} fz="lg" id="refused-heading">
        {LIVE_TEXT.notAccepted} ({refused.length})
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        The server refused these taps; they are not in any count. Your league admins see them too.
      </Text>
      <List spacing="xs" listStyleType="none" aria-label={LIVE_TEXT.notAccepted}>
        {refused.map((tap) => (
          <List.Item key={tap.id}>
            <Text fw={700} component="span">
              {tapLabel(tap, refused)} · {tap.pitcherName} · {timeFormat.format(new Date(tap.event.at))}
            </Text>
            <Text fz="sm" c="red.9">
              {tap.message}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** Every book of the game, as last heard plus this device's waiting taps: the game's log. */
export function GameBooks({ rows }: { rows: readonly GameBookRow[] }) {
  return (
    <Stack gap="xs" component="section" aria-labelledby="game-books-heading">
      <Title order={2} fz="lg" id="game-books-heading">
        Counts in this game
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          No pitch counted yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table aria-labelledby="game-books-heading" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Pitcher</Table.Th>
                <Table.Th scope="col">Counted by</Table.Th>
                <Table.Th scope="col">Count</Table.Th>
                <Table.Th scope="col">Batters</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row" fw={500}>
                    {row.pitcherName}
                  </Table.Th>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {row.bookTeamName}
                      {row.official ? (
                        <Text component="span" fz="xs" c="dimmed">
                          (official)
                        </Text>
                      ) : null}
                    </Group>
                  </Table.Td>
                  <Table.Td>{row.view.count}</Table.Td>
                  <Table.Td>{row.view.batters}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
