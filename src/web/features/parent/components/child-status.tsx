import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { ApiError } from '../../../lib/api.ts';
import { type ChildStatus as Status, useChildStatus } from '../api/child-status.ts';

export const NO_TEAM_STATUS = 'No status: not on a team this season.';

// Calendar dates are the league's own days: formatted in UTC so no reader's time zone shifts them.
const shortDay = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
/** 'Sat, Apr 17'. */
export function formatShortDay(date: string): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return shortDay.format(new Date(Date.UTC(y, m - 1, d)));
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

type Kind = 'can' | 'resting' | 'not';

/** 'Can pitch today · 75 left', 'Resting · eligible Sat, Apr 17' or 'Not today: <the rule's reason>'. */
export function childTodayWords(today: NonNullable<Status['pitchers'][number]['today']>): { kind: Kind; text: string } {
  if (today.canPitch) {
    return {
      kind: 'can',
      text: today.remainingToday === null ? 'Can pitch today' : `Can pitch today · ${today.remainingToday} left`,
    };
  }
  if (today.reason?.code === 'PITCHED_BEFORE_ELIGIBLE' && today.nextEligibleDate) {
    return { kind: 'resting', text: `Resting · eligible ${formatShortDay(today.nextEligibleDate)}` };
  }
  return { kind: 'not', text: `Not today: ${today.reason?.message ?? 'the rule does not allow it'}` };
}

// The icon carries the colour; the words stay dark (green and orange text would not reach 4.5:1).
const LOOKS = {
  can: { color: 'green.9', Icon: IconCheck },
  resting: { color: 'orange.9', Icon: IconClock },
  not: { color: 'red.9', Icon: IconX },
} as const;

/** A child's card: whether they may pitch today, and their latest outing. */
export function ChildStatus({ playerId, name }: { playerId: string; name: string }) {
  const status = useChildStatus(playerId);
  if (status.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" aria-label={`Loading ${name}'s status`} />
        <Text size="sm">Loading status…</Text>
      </Group>
    );
  }
  if (status.isError) {
    // The server's answer for a child on no roster: 'This player is on no team yet: …'.
    const noTeam = status.error instanceof ApiError && /on no team/i.test(status.error.message);
    return (
      <Text size="sm">{noTeam ? NO_TEAM_STATUS : `No status: ${status.error.message || 'please try again.'}`}</Text>
    );
  }
  const report = status.data;
  const pitcher = report.pitchers.find((p) => p.playerId === playerId) ?? report.pitchers[0];
  if (!pitcher) return <Text size="sm">{NO_TEAM_STATUS}</Text>;
  const last = pitcher.recentOutings[0];
  return (
    <Stack gap={2}>
      {pitcher.today ? (
        <TodayLine words={childTodayWords(pitcher.today)} />
      ) : (
        <Text size="sm">No status: {report.leagueName} has no rest rule yet.</Text>
      )}
      <Text size="sm">{last ? lastOutingWords(last, report.ruleName !== null) : 'No outing recorded yet.'}</Text>
    </Stack>
  );
}

/** 'Last outing: Mon, Apr 5 vs Lions · 30 pitches · 1 day of rest owed' (or 'no rest owed'). */
function lastOutingWords(last: Status['pitchers'][number]['recentOutings'][number], withRule: boolean): string {
  const opponent = last.opponent ? ` vs ${last.opponent}` : '';
  const pitches = last.pitches === 1 ? '1 pitch' : `${last.pitches} pitches`;
  const owed = last.daysRest === 0 ? 'no rest owed' : `${plural(last.daysRest, 'day')} of rest owed`;
  const rest = withRule ? ` · ${owed}` : '';
  return `Last outing: ${formatShortDay(last.date)}${opponent} · ${pitches}${rest}`;
}

function TodayLine({ words }: { words: { kind: Kind; text: string } }) {
  const { color, Icon } = LOOKS[words.kind];
  return (
    <Group gap={6} wrap="nowrap" align="flex-start">
      <Icon size={20} aria-hidden="true" color={`var(--mantine-color-${color.replace('.', '-')})`} />
      <Text size="sm" fw={700}>
        {words.text}
      </Text>
    </Group>
  );
}
