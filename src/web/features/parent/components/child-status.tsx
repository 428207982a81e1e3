import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconBallBaseball, IconCheck, IconClock, IconX } from '@tabler/icons-react';
import { useMemo } from 'react';
import type { InGameStatus } from '../../../../core/rules/engine.ts';
import type { RestRule } from '../../../../core/rules/rule.ts';
import { answerInGame, reasonLines, type WireAppearance } from '../../../lib/answer.ts';
import { ApiError, errorMessage } from '../../../lib/api.ts';
import { withLocalDates } from '../../../lib/format.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { BookCount } from '../../../lib/offline/types.ts';
import { ruleOfWire } from '../../../lib/rule-of-wire.ts';
import { type LiveGame, type ChildStatus as Status, useChildStatus } from '../api/child-status.ts';
import { useGameCounts } from '../api/game-counts.ts';

/** 'Sat, Apr 17': calendar dates are the league's own days, written in UTC so no reader's time zone shifts them. */
export function formatShortDay(t: Translate, date: string): string {
  return t.day(date, 'weekdayShort');
}

type Kind = 'can' | 'resting' | 'not';

/**
 * 'Can pitch today · 75 left', 'Resting · eligible Sat, Apr 17' or 'Not today · eligible Sun, Apr 18',
 * with every rule that holds the child out, each with its date (Pitcher Status's reasons).
 */
export function childTodayWords(
  t: Translate,
  today: NonNullable<Status['pitchers'][number]['today']>,
): { kind: Kind; text: string; reasons: string[] } {
  if (today.canPitch) {
    return {
      kind: 'can',
      text:
        today.remainingToday === null
          ? t('status.child.canPitch')
          : t('status.child.canPitchLeft', { remaining: today.remainingToday }),
      reasons: [],
    };
  }
  const reasons = reasonLines(t, today.reasons);
  if (today.reason?.code === 'PITCHED_BEFORE_ELIGIBLE' && today.nextEligibleDate) {
    return {
      kind: 'resting',
      text: t('status.today.resting', { date: formatShortDay(t, today.nextEligibleDate) }),
      reasons,
    };
  }
  // Whatever the reason (already pitched today, a game-day limit), the parent reads when the child may pitch next.
  const reason = today.reason ? withLocalDates(t.said(today.reason.said)) : t('status.child.ruleDoesNotAllow');
  return {
    kind: 'not',
    text: today.nextEligibleDate
      ? t('status.child.notTodayEligible', { reason, date: formatShortDay(t, today.nextEligibleDate) })
      : t('status.child.notToday', { reason }),
    reasons: reasons.slice(1),
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
  const t = useT();
  const status = useChildStatus(playerId);
  const wire = status.data?.rule ?? null;
  const rule = useMemo(() => (wire ? ruleOfWire(wire) : null), [wire]);
  if (status.isPending) {
    return (
      <Group gap="xs">
        <Loader size="xs" role="status" aria-label={t('status.child.loading', { name })} />
        <Text size="sm">{t('status.child.loadingText')}</Text>
      </Group>
    );
  }
  if (status.isError) {
    // The server's answer for a child on no roster: 'This player is on no team yet: …'.
    const noTeam = status.error instanceof ApiError && /on no team/i.test(status.error.message);
    // The server's sentence in the reader's language when it gave one by id, else as it came.
    const reason = errorMessage(status.error, status.error.message || t('status.child.tryAgain'));
    return <Text size="sm">{noTeam ? t('status.child.noTeam') : t('status.child.failed', { reason })}</Text>;
  }
  const report = status.data;
  const pitcher = report.pitchers.find((p) => p.playerId === playerId) ?? report.pitchers[0];
  if (!pitcher) return <Text size="sm">{t('status.child.noTeam')}</Text>;
  const last = pitcher.recentOutings[0];
  return (
    <Stack gap={2}>
      {pitcher.today ? (
        <TodayLine words={childTodayWords(t, pitcher.today)} />
      ) : (
        <Text size="sm">{t('status.child.noRule', { league: report.leagueName })}</Text>
      )}
      {pitcher.liveGames.map((game) => (
        <ChildLiveCount
          key={game.id}
          game={game}
          playerId={pitcher.playerId}
          firstName={props.firstName}
          birthDate={props.birthDate}
          rule={rule}
          seasonStart={report.seasonStart}
          record={pitcher.record}
        />
      ))}
      <Text size="sm">{last ? lastOutingWords(t, last, report.ruleName !== null) : t('status.child.noOuting')}</Text>
    </Stack>
  );
}

/** 'Last outing: Mon, Apr 5 vs Lions · 30 pitches · 1 day of rest owed' (or 'no rest owed'). */
function lastOutingWords(
  t: Translate,
  last: Status['pitchers'][number]['recentOutings'][number],
  withRule: boolean,
): string {
  const date = formatShortDay(t, last.date);
  const parts = [
    last.opponent
      ? t('status.child.lastOutingVs', { date, opponent: last.opponent })
      : t('status.child.lastOuting', { date }),
    t('status.child.pitches', { pitches: last.pitches }),
  ];
  if (withRule) parts.push(t('status.child.restOwed', { days: last.daysRest }));
  return parts.join(' · ');
}

function TodayLine({ words }: { words: { kind: Kind; text: string; reasons: string[] } }) {
  const { color, Icon } = LOOKS[words.kind];
  return (
    <Stack gap={0}>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <Icon size={20} aria-hidden="true" color={`var(--mantine-color-${color.replace('.', '-')})`} />
        <Text size="sm" fw={700}>
          {words.text}
        </Text>
      </Group>
      {words.reasons.map((line) => (
        <Text key={line} size="sm" pl={26}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** 'Riley has thrown 36 pitches', with the intentional walks when there are any. */
export function thrownWords(
  t: Translate,
  firstName: string,
  count: Pick<BookCount, 'pitches' | 'intentionalWalks'>,
): string {
  return count.intentionalWalks
    ? t('status.live.thrownWalks', { name: firstName, pitches: count.pitches, walks: count.intentionalWalks })
    : t('status.live.thrown', { name: firstName, pitches: count.pitches });
}

/**
 * 'At this count: 2 days of rest owed · eligible Thu, Apr 15': the day's rest by the tiers, and the
 * first day the child may pitch again from the whole record (Pitcher Status's, with this count).
 */
export function restWords(t: Translate, answer: InGameStatus): string {
  const { after } = answer;
  const date = after.canPitchOnAsOf
    ? t('status.live.todayWord')
    : after.nextEligibleDate
      ? formatShortDay(t, after.nextEligibleDate)
      : t('common.noDayThisSeason');
  return t('status.live.rest', { days: answer.day.daysRest, date });
}

export const notPitchingWords = (t: Translate, opponent: string) =>
  opponent ? t('status.live.notPitchingVs', { opponent }) : t('status.live.notPitching');

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
  seasonStart: string | null;
  record: readonly WireAppearance[];
}) {
  const { game, playerId, firstName, birthDate, rule } = props;
  const t = useT();
  const { counts, failed } = useGameCounts(game.id);
  const book = counts?.find((c) => c.pitcherId === playerId && c.official) ?? null;
  const rest =
    book && rule?.unit === 'pitches'
      ? answerInGame({
          rule,
          birthDate,
          seasonStart: props.seasonStart,
          record: props.record,
          game,
          count: book,
        })
      : null;
  // 'Today vs Lions · 18:00 · in progress'.
  const when = [
    game.opponent ? t('status.live.todayVs', { opponent: game.opponent }) : t('status.live.today'),
    ...(game.startTime ? [t.clock(game.startTime)] : []),
    ...(game.state === 'in_progress' ? [t('status.live.inProgress')] : []),
  ].join(' · ');
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      bg="var(--mantine-color-blue-light)"
      role="region"
      aria-label={game.opponent ? t('status.live.titleVs', { opponent: game.opponent }) : t('status.live.title')}
      aria-live="polite"
    >
      <Stack gap={4}>
        <Group gap={6}>
          <IconBallBaseball size={18} aria-hidden="true" />
          <Text size="sm" fw={700}>
            {t('status.live.title')}
          </Text>
          <Text size="sm">{when}</Text>
        </Group>
        {counts === null ? (
          <Text size="sm">{failed ? t('status.live.failed') : t('status.live.reading')}</Text>
        ) : book ? (
          <>
            <Text fw={700}>{thrownWords(t, firstName, book)}</Text>
            {rest ? <Text size="sm">{restWords(t, rest)}</Text> : null}
          </>
        ) : (
          <Text size="sm">{notPitchingWords(t, game.opponent)}</Text>
        )}
      </Stack>
    </Paper>
  );
}
