import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBallBaseball, IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import { type OutingRest, restAtCount } from '../../../../core/rules/engine.ts';
import type { RestRule } from '../../../../core/rules/rule.ts';
import { ApiError } from '../../../lib/api.ts';
import { withLocalDates } from '../../../lib/format.ts';
import { translatorNow } from '../../../lib/i18n.ts';
import type { BookCount } from '../../../lib/offline/types.ts';
import { ruleOfWire } from '../../../lib/rule-of-wire.ts';
import { type LiveGame, type ChildStatus as Status, useChildStatus } from '../api/child-status.ts';
import { useGameCounts } from '../api/game-counts.ts';

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

const plural = (n: number, word: string, many = `${word}s`) => `${n} ${n === 1 ? word : many}`;

type Kind = 'can' | 'resting' | 'not';

/** 'Can pitch today · 75 left', 'Resting · eligible Sat, Apr 17' or 'Not today: <the rule's reason> · eligible Sun, Apr 18'. */
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
  // Whatever the reason (already pitched today, a game-day limit), the parent reads when the child may pitch next.
  const next = today.nextEligibleDate ? ` · eligible ${formatShortDay(today.nextEligibleDate)}` : '';
  return {
    kind: 'not',
    text: `Not today: ${today.reason ? withLocalDates(translatorNow().said(today.reason.said)) : 'the rule does not allow it'}${next}`,
  };
}

// The icon carries the colour; the words stay dark (green and orange text would not reach 4.5:1).
const LOOKS = {
  can: { color: 'green.9', Icon: IconCheck },
  resting: { color: 'orange.9', Icon: IconClock },
  not: { color: 'red.9', Icon: IconX },
} as const;

/** A child's card: whether they may pitch today, their count in today's games, and their latest outing. */
export function ChildStatus(props: { playerId: string; name: string; firstName: string; birthDate: string }) {
  const { playerId, name } = props;
  const status = useChildStatus(playerId);
  const wire = status.data?.rule ?? null;
  const rule = useMemo(() => (wire ? ruleOfWire(wire) : null), [wire]);
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
      {pitcher.liveGames.map((game) => (
        <ChildLiveCount
          key={game.id}
          game={game}
          playerId={pitcher.playerId}
          firstName={props.firstName}
          birthDate={props.birthDate}
          rule={rule}
        />
      ))}
      <Text size="sm">{last ? lastOutingWords(last, report.ruleName !== null) : 'No outing recorded yet.'}</Text>
    </Stack>
  );
}

/** '2 days of rest owed', or 'no rest owed'. */
const owedWords = (daysRest: number) => (daysRest === 0 ? 'no rest owed' : `${plural(daysRest, 'day')} of rest owed`);

/** 'Last outing: Mon, Apr 5 vs Lions · 30 pitches · 1 day of rest owed' (or 'no rest owed'). */
function lastOutingWords(last: Status['pitchers'][number]['recentOutings'][number], withRule: boolean): string {
  const opponent = last.opponent ? ` vs ${last.opponent}` : '';
  const pitches = last.pitches === 1 ? '1 pitch' : `${last.pitches} pitches`;
  const rest = withRule ? ` · ${owedWords(last.daysRest)}` : '';
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

/** 'Riley has thrown 36 pitches', with the intentional walks when there are any. */
export function thrownWords(firstName: string, count: Pick<BookCount, 'pitches' | 'intentionalWalks'>): string {
  const walks = count.intentionalWalks ? ` and issued ${plural(count.intentionalWalks, 'intentional walk')}` : '';
  return `${firstName} has thrown ${plural(count.pitches, 'pitch', 'pitches')}${walks}`;
}

/** 'At this count: 2 days of rest owed · eligible Thu, Apr 15'. */
export function restWords(rest: OutingRest): string {
  return `At this count: ${owedWords(rest.daysRest)} · eligible ${formatShortDay(rest.firstEligibleDate)}`;
}

export const notPitchingWords = (opponent: string) =>
  opponent ? `Not pitching in today's game against ${opponent} yet.` : "Not pitching in today's game yet.";

/**
 * Today's game of the child's team as it is played: the child's official count (their own
 * team's book) as the coach taps it, and the rest that count owes by the league's rule.
 */
export function ChildLiveCount(props: {
  game: LiveGame;
  playerId: string;
  firstName: string;
  birthDate: string;
  rule: RestRule | null;
}) {
  const { game, playerId, firstName, birthDate, rule } = props;
  const { counts, failed } = useGameCounts(game.id);
  const book = counts?.find((c) => c.pitcherId === playerId && c.official) ?? null;
  const rest = book && rule?.unit === 'pitches' ? restAtCount(rule, birthDate, game.date, game.id, book) : null;
  const against = game.opponent ? ` vs ${game.opponent}` : '';
  const when = game.startTime ? ` · ${game.startTime}` : '';
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-blue-light)"
      role="region"
      aria-label={`Live count${against}`}
      aria-live="polite"
    >
      <Stack gap={4}>
        <Group gap={6}>
          <IconBallBaseball size={18} aria-hidden="true" />
          <Text size="sm" fw={700}>
            Live count
          </Text>
          <Text size="sm">
            Today{against}
            {when}
            {game.state === 'in_progress' ? ' · in progress' : ''}
          </Text>
        </Group>
        {counts === null ? (
          <Text size="sm">{failed ? 'The live count cannot be read right now.' : 'Reading the live count…'}</Text>
        ) : book ? (
          <>
            <Text fw={700}>{thrownWords(firstName, book)}</Text>
            {rest ? <Text size="sm">{restWords(rest)}</Text> : null}
          </>
        ) : (
          <Text size="sm">{notPitchingWords(game.opponent)}</Text>
        )}
      </Stack>
    </Paper>
  );
}
