import { Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { countChanges } from '../../../../core/outing-inputs.ts';
import tableClasses from '../../../components/table.module.css';
import { useT } from '../../../lib/i18n.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import type { Outing } from '../api/list-pitch-outings.ts';
import type { GameStatusReport } from '../api/pitcher-status.ts';
import { inningsText, playerLabel } from './labels.ts';

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
  const t = useT();
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
          aria-label={t('games.outings.correctOf', { name: outing.playerName })}
          onClick={() => props.onCorrect(outing)}
        >
          {t('games.outings.correct')}
        </Button>
      ) : null}
      {props.canDelete ? (
        <Button
          size={size}
          variant="default"
          color="red"
          aria-label={t('games.outings.deleteOf', { name: outing.playerName })}
          onClick={() => props.onDelete(outing)}
        >
          {t('common.delete')}
        </Button>
      ) : null}
    </Group>
  );
  const recorded = (outing: Outing) =>
    countChanges(outing.corrections) > 0
      ? t('games.outings.recordedByCorrected', { name: outing.recordedByName, count: countChanges(outing.corrections) })
      : t('games.outings.recordedByName', { name: outing.recordedByName });
  const none = t(props.childrenOnly ? 'games.outings.noneForChild' : 'games.outings.none');

  if (phone) {
    // A phone: a card an outing, the pitches, rest and next eligible date first (a table cut them off).
    return (
      <Stack gap="xs" component="ul" aria-label={t('games.outings.title')} p={0} m={0} style={{ listStyle: 'none' }}>
        {outings.length === 0 ? (
          <Text component="li" size="sm" c="dimmed">
            {none}
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
                  {t('games.outings.pitchCount', { count: outing.pitches })}
                </Text>
              </Group>
              <Text size="sm">
                {rest
                  ? t('games.outings.rest', {
                      days: rest.daysRest,
                      date: rest.firstEligibleDate
                        ? t.day(rest.firstEligibleDate, 'weekdayShort')
                        : t('common.noDayThisSeason'),
                    })
                  : t('games.outings.restUnknown')}
              </Text>
              <Text size="sm" c="dimmed">
                {t(
                  outing.pitchesBeforeLastBatter === null ? 'games.outings.counts' : 'games.outings.countsBeforeLast',
                  {
                    pitched: inningsText(outing.pitchedInnings),
                    caught: inningsText(outing.caughtInnings),
                    outs: outing.outs,
                    walks: outing.intentionalWalks,
                    before: outing.pitchesBeforeLastBatter ?? '',
                  },
                )}
              </Text>
              <Text size="xs" c="dimmed">
                {recorded(outing)}
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
      <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover aria-label={t('games.outings.title')}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('games.outings.player')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.pitches')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.restOwed')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.nextEligible')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.beforeLastBatter')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.inningsPitched')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.inningsCaught')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.outs')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.intentionalWalks')}</Table.Th>
            <Table.Th scope="col">{t('games.outings.recordedBy')}</Table.Th>
            <Table.Th scope="col" className={tableClasses.actions}>
              {t('common.actions')}
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outings.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={11}>
                <Text size="sm" c="dimmed">
                  {none}
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
                <Table.Td style={{ whiteSpace: 'nowrap' }}>
                  {rest ? t('games.outings.days', { count: rest.daysRest }) : '—'}
                </Table.Td>
                <Table.Td>
                  {!rest
                    ? '—'
                    : rest.firstEligibleDate
                      ? t.day(rest.firstEligibleDate, 'weekdayShort')
                      : t('common.noDayThisSeason')}
                </Table.Td>
                <Table.Td>{outing.pitchesBeforeLastBatter ?? '—'}</Table.Td>
                <Table.Td>{inningsText(outing.pitchedInnings)}</Table.Td>
                <Table.Td>{inningsText(outing.caughtInnings)}</Table.Td>
                <Table.Td>{outing.outs}</Table.Td>
                <Table.Td>{outing.intentionalWalks}</Table.Td>
                <Table.Td>
                  {outing.recordedByName}
                  {countChanges(outing.corrections) > 0 ? (
                    <Text size="xs" c="dimmed">
                      {t('games.outings.corrected', { count: countChanges(outing.corrections) })}
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
