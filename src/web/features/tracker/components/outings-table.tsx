import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import tableClasses from '../../../components/table.module.css';
import { usePhone } from '../../../lib/use-phone.ts';
import type { Outing } from '../api/list-pitch-outings.ts';
import type { GameStatusReport } from '../api/pitcher-status.ts';
import { daysText, formatDay, inningsText, playerLabel, TRACKER_TEXT } from './labels.ts';

/** A game's outings with the rest each owes: a table, or cards on a phone; Correct and Delete where allowed. */
export function OutingsTable(props: {
  outings: Outing[];
  childrenOnly: boolean;
  status: GameStatusReport | undefined;
  canCorrect: boolean;
  canDelete: boolean;
  onCorrect: (outing: Outing) => void;
  onDelete: (outing: Outing) => void;
}) {
  const { outings, status } = props;
  const phone = usePhone();
  const restOf = (outing: Outing) =>
    status?.ruleName
      ? status.pitchers.find((p) => p.playerId === outing.playerId)?.recentOutings.find((r) => r.outingId === outing.id)
      : undefined;
  // Thumb-sized on a phone's cards, compact in the table so its columns fit 1280 px.
  const actions = (outing: Outing, size: 'sm' | 'compact-sm' = 'compact-sm') => (
    <Group gap="xs" wrap="nowrap">
      {props.canCorrect ? (
        <Button
          size={size}
          variant="default"
          aria-label={`Correct outing of ${outing.playerName}`}
          onClick={() => props.onCorrect(outing)}
        >
          Correct
        </Button>
      ) : null}
      {props.canDelete ? (
        <Button
          size={size}
          variant="default"
          color="red"
          aria-label={`Delete outing of ${outing.playerName}`}
          onClick={() => props.onDelete(outing)}
        >
          Delete
        </Button>
      ) : null}
    </Group>
  );
  const recorded = (outing: Outing) =>
    outing.corrections.length > 0
      ? `${outing.recordedByName}, corrected ${outing.corrections.length}×`
      : outing.recordedByName;

  if (phone) {
    // A phone: a card an outing, the pitches, rest and next eligible date first (a table cut them off).
    return (
      <Stack gap="xs" component="ul" aria-label="Outings" p={0} m={0} style={{ listStyle: 'none' }}>
        {outings.length === 0 ? (
          <Text component="li" size="sm" c="dimmed">
            {props.childrenOnly ? TRACKER_TEXT.noChildOutings : TRACKER_TEXT.noOutings}
          </Text>
        ) : null}
        {outings.map((outing) => {
          const rest = restOf(outing);
          return (
            <Paper key={outing.id} component="li" withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="baseline">
                <Title order={4} size="h5">
                  {playerLabel(outing.jerseyNumber, outing.playerName)}
                </Title>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {outing.pitches === 1 ? '1 pitch' : `${outing.pitches} pitches`}
                </Text>
              </Group>
              <Text size="sm">
                {rest
                  ? `Rest owed: ${daysText(rest.daysRest)} · Next eligible: ${formatDay(rest.firstEligibleDate)}`
                  : 'Rest owed: —'}
              </Text>
              <Text size="sm" c="dimmed">
                Innings pitched {inningsText(outing.pitchedInnings)} · caught {inningsText(outing.caughtInnings)} · outs{' '}
                {outing.outs} · intentional walks {outing.intentionalWalks}
                {outing.pitchesBeforeLastBatter === null
                  ? ''
                  : ` · before last batter ${outing.pitchesBeforeLastBatter}`}
              </Text>
              <Text size="xs" c="dimmed">
                Recorded by {recorded(outing)}
              </Text>
              {props.canCorrect || props.canDelete ? <Group mt="xs">{actions(outing, 'sm')}</Group> : null}
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={940} type="native">
      <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover aria-label="Outings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Player</Table.Th>
            <Table.Th scope="col">Pitches</Table.Th>
            <Table.Th scope="col">Rest owed</Table.Th>
            <Table.Th scope="col">Next eligible</Table.Th>
            <Table.Th scope="col">Before last batter</Table.Th>
            <Table.Th scope="col">Innings pitched</Table.Th>
            <Table.Th scope="col">Innings caught</Table.Th>
            <Table.Th scope="col">Outs</Table.Th>
            <Table.Th scope="col">Intentional walks</Table.Th>
            <Table.Th scope="col">Recorded by</Table.Th>
            <Table.Th scope="col" className={tableClasses.actions}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outings.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={11}>
                <Text size="sm" c="dimmed">
                  {props.childrenOnly ? TRACKER_TEXT.noChildOutings : TRACKER_TEXT.noOutings}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {outings.map((outing) => {
            const rest = restOf(outing);
            const name = playerLabel(outing.jerseyNumber, outing.playerName);
            return (
              <Table.Tr key={outing.id}>
                <Table.Th scope="row" fw={500}>
                  {name}
                </Table.Th>
                <Table.Td>{outing.pitches}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{rest ? daysText(rest.daysRest) : '—'}</Table.Td>
                <Table.Td>{rest ? formatDay(rest.firstEligibleDate) : '—'}</Table.Td>
                <Table.Td>{outing.pitchesBeforeLastBatter ?? '—'}</Table.Td>
                <Table.Td>{inningsText(outing.pitchedInnings)}</Table.Td>
                <Table.Td>{inningsText(outing.caughtInnings)}</Table.Td>
                <Table.Td>{outing.outs}</Table.Td>
                <Table.Td>{outing.intentionalWalks}</Table.Td>
                <Table.Td>
                  {outing.recordedByName}
                  {outing.corrections.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      corrected {outing.corrections.length}×
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td className={tableClasses.actions}>{actions(outing)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
