import { Box, Group, List, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n.ts';
import type { StoredTap } from '../../../lib/offline/types.ts';
import { type BookView, comparisonText, type GameBookRow, tapLabel } from './live-count-model.ts';

export interface BooksComparisonProps {
  ourTeam: string;
  theirTeam: string | null;
  ours: BookView;
  theirs: BookView | null;
}

/** Both dugouts' counts of the current pitcher side by side, and whether they differ (in words). */
export function BooksComparison({ ourTeam, theirTeam, ours, theirs }: BooksComparisonProps) {
  const t = useT();
  const text = comparisonText(t, ours, theirs, theirTeam);
  const differs = theirs !== null && text !== t('tracker.live.books.agree');
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="books-heading">
      <Title order={2} fz="lg" id="books-heading" mb="xs">
        {t('tracker.live.books.title')}
      </Title>
      <SimpleGrid cols={2} spacing="sm">
        <BookBox label={t('tracker.live.books.ours')} team={ourTeam} view={ours} />
        <BookBox
          label={t('tracker.live.books.theirs')}
          team={theirTeam ?? t('tracker.live.books.otherDugout')}
          view={theirs}
        />
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
  const t = useT();
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
      <Text fz="sm">{view ? t('tracker.live.books.batters', { count: view.batters }) : ' '}</Text>
    </Stack>
  );
}

/** Taps the server refused, with its reason: never dropped silently. */
export function NotAccepted({ refused }: { refused: readonly StoredTap[] }) {
  const t = useT();
  if (refused.length === 0) return null;
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="refused-heading">
      <Title order={2} fz="lg" id="refused-heading">
        {t('tracker.live.refused.heading', { count: refused.length })}
      </Title>
      <Text fz="sm" c="dimmed" mb="xs">
        {t('tracker.live.refused.help')}
      </Text>
      <List spacing="xs" listStyleType="none" aria-label={t('tracker.live.refused.title')}>
        {refused.map((tap) => (
          <List.Item key={tap.id}>
            <Text fw={700} component="span">
              {tapLabel(t, tap, refused)} · {tap.pitcherName} · {t.moment(tap.event.at, 'timeWithSeconds')}
            </Text>
            <Text fz="sm" c="red.9">
              {tap.message === null ? null : t.said(tap.message)}
            </Text>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** Every book of the game, as last heard plus this device's waiting taps: the game's log. */
export function GameBooks({ rows }: { rows: readonly GameBookRow[] }) {
  const t = useT();
  return (
    <Stack gap="xs" component="section" aria-labelledby="game-books-heading">
      <Title order={2} fz="lg" id="game-books-heading">
        {t('tracker.live.game.title')}
      </Title>
      {rows.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t('tracker.live.game.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={320} type="native">
          <Table aria-labelledby="game-books-heading" verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('tracker.live.game.pitcher')}</Table.Th>
                <Table.Th scope="col">{t('tracker.live.game.countedBy')}</Table.Th>
                <Table.Th scope="col">{t('tracker.live.game.count')}</Table.Th>
                <Table.Th scope="col">{t('tracker.live.game.batters')}</Table.Th>
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
                          {t('tracker.live.game.official')}
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
