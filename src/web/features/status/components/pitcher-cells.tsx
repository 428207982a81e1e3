import { Badge, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { reasonLines } from '../../../lib/answer.ts';
import { withLocalDates } from '../../../lib/format.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { DayStatus, PitcherStatus } from '../api/pitcher-status.ts';
import classes from './status-page.module.css';
import {
  dayCellName,
  daysWords,
  formatColumnDay,
  formatShortDay,
  formatSpokenDay,
  type TodayKind,
  todayWords,
} from './status-words.ts';

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

/** The rest the last outing owes, in days. */
export const restText = (t: Translate, pitcher: PitcherStatus) =>
  pitcher.today && pitcher.recentOutings.length > 0 ? daysWords(t, pitcher.today.restDaysOwed) : '—';
/** The next day the pitcher may pitch. */
export const nextEligibleText = (t: Translate, pitcher: PitcherStatus) =>
  pitcher.today?.nextEligibleDate ? formatShortDay(t, pitcher.today.nextEligibleDate) : '—';

/** The grid's day headings: 'Sat 14', named in full in the tooltip. */
export function DayHeads({ dates }: { dates: string[] }) {
  const t = useT();
  return dates.map((date) => (
    <Table.Th scope="col" key={date} ta="center" title={formatSpokenDay(t, date)}>
      {formatColumnDay(t, date)}
    </Table.Th>
  ));
}

/** A pitcher's cells of the grid, one a day ('—' for a day the report does not hold). */
export function DayCells({ pitcher, dates }: { pitcher: PitcherStatus; dates: string[] }) {
  return dates.map((date, i) => {
    const day = pitcher.days[i];
    return day ? <DayCell key={date} day={day} /> : <Table.Td key={date}>—</Table.Td>;
  });
}

/** Today: available, resting or not today, with why. */
export function TodayCell({ pitcher }: { pitcher: PitcherStatus }) {
  const t = useT();
  if (!pitcher.today) return <Text size="sm">{t('status.today.noRule')}</Text>;
  const words = todayWords(t, pitcher.today);
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
  const t = useT();
  const visible = day.canPitch ? `✓ ${day.remaining ?? '—'}` : '✗';
  const title = day.canPitch
    ? day.remaining === null
      ? t('status.grid.canPitchNoMax')
      : t('status.grid.canPitchLeft', { remaining: day.remaining })
    : day.reasons.length
      ? reasonLines(t, day.reasons).join(' ')
      : day.reason
        ? withLocalDates(t.said(day.reason.said))
        : t('status.grid.cannotPitch');
  return (
    <Table.Td className={`${classes.dayCell} ${day.canPitch ? classes.can : classes.cannot}`} title={title}>
      <span aria-hidden="true">{visible}</span>
      <VisuallyHidden>{dayCellName(t, day)}</VisuallyHidden>
    </Table.Td>
  );
}
