import { Badge, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { addDays } from '../../../../core/local-date.ts';
import { withLocalDates } from '../../../lib/format.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import type { DayStatus, PitcherStatus, PitcherStatusReport } from '../api/pitcher-status.ts';
import classes from './status-page.module.css';
import {
  dayCellName,
  formatColumnDay,
  formatShortDay,
  formatSpokenDay,
  plural,
  type TodayKind,
  todayWords,
} from './status-words.ts';

/** How many days the grid shows: the report's date and the 6 after it (the server's STATUS_DAYS). */
export const GRID_DAYS = 7;

// The border and the icon carry the colour; the words stay dark (green and orange text would not reach 4.5:1).
const BADGE_LOOKS: Record<TodayKind, { color: string; Icon: typeof IconCheck }> = {
  available: { color: 'green.9', Icon: IconCheck },
  resting: { color: 'orange.9', Icon: IconClock },
  'not-today': { color: 'red.9', Icon: IconX },
};

/** '#12 Riley Smith'. */
export function pitcherName(pitcher: Pick<PitcherStatus, 'firstName' | 'lastName' | 'jerseyNumber'>): string {
  const name = `${pitcher.firstName} ${pitcher.lastName}`;
  return pitcher.jerseyNumber ? `#${pitcher.jerseyNumber} ${name}` : name;
}

/** The Pitchers table: each pitcher's status on the report's date, rest and the next 7 days. */
export function PitchersTable({ report, busy }: { report: PitcherStatusReport; busy: boolean }) {
  const hasRule = report.ruleName !== null;
  const dates = hasRule ? Array.from({ length: GRID_DAYS }, (_, i) => addDays(report.asOf, i)) : [];
  const columns = 4 + dates.length;
  const phone = usePhone();
  if (phone) return <PitcherCards report={report} dates={dates} busy={busy} />;
  return (
    // Focusable, so a keyboard can scroll the grid sideways on a narrow screen.
    <Table.ScrollContainer
      minWidth={hasRule ? 920 : 560}
      type="native"
      tabIndex={0}
      role="region"
      aria-label="Pitchers (scrolls sideways on a narrow screen)"
    >
      <Table
        verticalSpacing="xs"
        horizontalSpacing={8}
        withTableBorder
        withColumnBorders
        aria-label="Pitchers"
        aria-busy={busy}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Pitcher</Table.Th>
            <Table.Th scope="col">Today</Table.Th>
            <Table.Th scope="col">Rest after last outing</Table.Th>
            <Table.Th scope="col">Next eligible</Table.Th>
            {dates.map((date) => (
              <Table.Th scope="col" key={date} ta="center" title={formatSpokenDay(date)}>
                {formatColumnDay(date)}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.pitchers.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text size="sm">{report.teamName} has no players yet.</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {report.pitchers.map((pitcher) => (
            <Table.Tr key={pitcher.playerId}>
              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {pitcherName(pitcher)}
              </Table.Th>
              <Table.Td>
                <TodayCell pitcher={pitcher} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{restText(pitcher)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{nextEligibleText(pitcher)}</Table.Td>
              {dates.map((date, i) => {
                const day = pitcher.days[i];
                return day ? <DayCell key={date} day={day} /> : <Table.Td key={date}>—</Table.Td>;
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const restText = (pitcher: PitcherStatus) =>
  pitcher.today && pitcher.recentOutings.length > 0 ? plural(pitcher.today.restDaysOwed, 'day') : '—';
const nextEligibleText = (pitcher: PitcherStatus) =>
  pitcher.today?.nextEligibleDate ? formatShortDay(pitcher.today.nextEligibleDate) : '—';

/**
 * A phone: one card a pitcher, today, rest and next eligible first, then the week as a strip of
 * seven cells that fits 390 px (the table cut off 'Next eligible' and the days).
 */
function PitcherCards({ report, dates, busy }: { report: PitcherStatusReport; dates: string[]; busy: boolean }) {
  return (
    <Stack gap="xs" component="ul" aria-label="Pitchers" aria-busy={busy} p={0} m={0} style={{ listStyle: 'none' }}>
      {report.pitchers.length === 0 ? (
        <Text component="li" size="sm">
          {report.teamName} has no players yet.
        </Text>
      ) : null}
      {report.pitchers.map((pitcher) => (
        <Paper key={pitcher.playerId} component="li" withBorder p="sm">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Title order={2} size="h5">
                {pitcherName(pitcher)}
              </Title>
              <TodayCell pitcher={pitcher} />
            </Group>
            {report.ruleName !== null ? (
              <Text size="sm">
                Rest after last outing: {restText(pitcher)} · Next eligible: {nextEligibleText(pitcher)}
              </Text>
            ) : null}
            {dates.length > 0 ? (
              <Table
                withTableBorder
                withColumnBorders
                horizontalSpacing={2}
                verticalSpacing={4}
                fz="xs"
                layout="fixed"
                aria-label={`The next ${dates.length} days of ${pitcherName(pitcher)}`}
              >
                <Table.Thead>
                  <Table.Tr>
                    {dates.map((date) => (
                      <Table.Th scope="col" key={date} ta="center" title={formatSpokenDay(date)}>
                        {formatColumnDay(date)}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    {dates.map((date, i) => {
                      const day = pitcher.days[i];
                      return day ? <DayCell key={date} day={day} /> : <Table.Td key={date}>—</Table.Td>;
                    })}
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}

function TodayCell({ pitcher }: { pitcher: PitcherStatus }) {
  if (!pitcher.today) return <Text size="sm">No rule</Text>;
  const words = todayWords(pitcher.today);
  const { color, Icon } = BADGE_LOOKS[words.kind];
  return (
    <Stack gap={4} align="flex-start">
      <Badge
        color={color}
        variant="outline"
        c="var(--mantine-color-text)"
        tt="none"
        size="md"
        radius="sm"
        // Never cut short with an ellipsis: the column grows to the words.
        miw="max-content"
        leftSection={<Icon size={14} aria-hidden="true" color={`var(--mantine-color-${color.replace('.', '-')})`} />}
        title={words.kind === 'resting' ? (words.detail ?? undefined) : undefined}
      >
        {words.label}
      </Badge>
      {words.kind === 'not-today' && words.detail ? (
        <Text size="xs" maw={260}>
          {words.detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/** ✓ and what is left, or ✗; the name says it in words, the tooltip gives the rule's reason. */
function DayCell({ day }: { day: DayStatus }) {
  const visible = day.canPitch ? `✓ ${day.remaining ?? '—'}` : '✗';
  const title = day.canPitch
    ? day.remaining === null
      ? 'Can pitch: no daily max'
      : `Can pitch: ${day.remaining} left`
    : day.reason
      ? withLocalDates(day.reason.message)
      : 'Cannot pitch';
  return (
    <Table.Td className={`${classes.dayCell} ${day.canPitch ? classes.can : classes.cannot}`} title={title}>
      <span aria-hidden="true">{visible}</span>
      <VisuallyHidden>{dayCellName(day)}</VisuallyHidden>
    </Table.Td>
  );
}
