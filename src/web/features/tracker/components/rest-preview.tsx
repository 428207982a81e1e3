import { Alert, Paper, Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { encodeMessage } from '../../../../core/i18n/messages.ts';
import { appearanceOf, type OutingCounts } from '../../../../core/outing-inputs.ts';
import { type Appearance, evaluate, nextTier, outingRest, statusOn } from '../../../../core/rules/engine.ts';
import type { RestRule } from '../../../../core/rules/rule.ts';
import { withLocalDates } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { Game } from '../api/list-games.ts';
import type { Outing } from '../api/list-pitch-outings.ts';

/** The preview's rule, as the team's status report gives it: loading, the rule, none chosen, or an error. */
export type RuleState =
  | { kind: 'loading' }
  | { kind: 'rule'; rule: RestRule }
  | { kind: 'none' }
  | { kind: 'error'; message: string };

export interface Preview {
  daysRest: number;
  /**
   * Pitcher Status's answer on the game's date with the draft on record: the first day the pitcher
   * may pitch again (null: none within the caps), from the whole record, never this outing alone.
   */
  nextEligibleDate: string | null;
  /** Whether they could still pitch that day in another game (no per-day game limit, pitches left). */
  canPitchThatDay: boolean;
  count: number;
  restCount: number;
  age: number;
  dailyMax: number | null;
  next: { pitchCount: number; daysRest: number } | null;
  violations: string[];
}

/**
 * What the draft would owe, by the core engine: the player's other outings (oldest first, this
 * game's left out) with the draft added on the game's date, after the outings of that day already
 * recorded. Violations are the ones the engine finds in this game.
 */
export function previewOf(input: {
  rule: RestRule;
  birthDate: string;
  game: Pick<Game, 'id' | 'date'>;
  history: readonly Outing[];
  draft: OutingCounts;
  seasonStart?: string;
}): Preview {
  const { rule, birthDate, game } = input;
  // The server lists newest first; the engine reads them in the order they happened.
  const past: Appearance[] = [...input.history]
    .reverse()
    .filter((o) => o.gameId !== game.id)
    .map((o) => appearanceOf(o));
  const at = past.findLastIndex((a) => a.date <= game.date) + 1;
  const appearances = [
    ...past.slice(0, at),
    appearanceOf({ ...input.draft, date: game.date, gameId: game.id }),
    ...past.slice(at),
  ];
  const rest = outingRest(rule, birthDate, game.date, appearances);
  const answer = statusOn(
    { rule, birthDate, appearances, ...(input.seasonStart ? { seasonStart: input.seasonStart } : {}) },
    game.date,
    1,
  ).today;
  const { violations } = evaluate({
    rule,
    birthDate,
    asOf: game.date,
    appearances,
    ...(input.seasonStart ? { seasonStart: input.seasonStart } : {}),
  });
  const next = nextTier(rule, rest.age, rest.restCount);
  return {
    daysRest: rest.daysRest,
    nextEligibleDate: answer.nextEligibleDate,
    canPitchThatDay: answer.canPitchOnAsOf,
    count: rest.count,
    restCount: rest.restCount,
    age: rest.age,
    dailyMax: rest.dailyMax,
    // Worth a word from 80 % of the next threshold on (docs/domain.md, What leagues ask of a tracker).
    next: next && rest.restCount >= next.warnFrom ? next : null,
    violations: [...new Set(violations.filter((v) => v.game === game.id).map((v) => encodeMessage(v.said)))],
  };
}

export interface RestPreviewProps {
  ruleState: RuleState;
  game: Pick<Game, 'id' | 'date'>;
  birthDate: string | null;
  /** The checked draft, or null while it is not a valid entry. */
  draft: OutingCounts | null;
  /** The player's outings; undefined while loading. */
  history: readonly Outing[] | undefined;
  /** Why the player's outings could not be read. */
  historyError?: string | null;
  seasonStart?: string;
}

/** The live rest preview beside the outing form (aria-live: read out as the counts change). */
export function RestPreview(props: RestPreviewProps) {
  const t = useT();
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={t('games.preview.title')} aria-live="polite">
      <Stack gap={6}>
        <Title order={4}>{t('games.preview.title')}</Title>
        <PreviewBody {...props} />
      </Stack>
    </Paper>
  );
}

function PreviewBody(props: RestPreviewProps) {
  const t = useT();
  const { ruleState, game, birthDate, draft, history, seasonStart, historyError } = props;
  const rule = ruleState.kind === 'rule' ? ruleState.rule : null;
  const preview = useMemo(
    () =>
      rule && birthDate && draft && history
        ? previewOf({ rule, birthDate, game, history, draft, ...(seasonStart ? { seasonStart } : {}) })
        : null,
    [rule, birthDate, game, history, draft, seasonStart],
  );

  if (ruleState.kind === 'loading') return <Text size="sm">{t('games.preview.loadingRule')}</Text>;
  if (ruleState.kind === 'error') return <Text size="sm">{ruleState.message}</Text>;
  if (ruleState.kind === 'none') return <Text size="sm">{t('games.preview.noRule')}</Text>;
  if (historyError && birthDate) return <Text size="sm">{historyError}</Text>;
  if (!preview) {
    return (
      <Text size="sm">
        {t(birthDate && draft && !history ? 'games.preview.loadingOutings' : 'games.preview.chooseDraft')}
      </Text>
    );
  }
  const unit = ruleState.rule.unit === 'innings' ? 'innings' : 'pitches';
  const next = preview.next;
  return (
    <>
      <Text fw={700} size="lg">
        {t('games.preview.restOwed', { days: preview.daysRest })}
      </Text>
      <Text fw={700} size="lg">
        {t('games.preview.nextEligible', {
          date: preview.canPitchThatDay
            ? t.day(game.date, 'weekdayShort')
            : preview.nextEligibleDate
              ? t.day(preview.nextEligibleDate, 'weekdayShort')
              : t('common.noDayThisSeason'),
        })}
      </Text>
      <Text>
        {preview.dailyMax === null
          ? t('games.preview.noDailyMax', { age: preview.age })
          : t('games.preview.dailyMax', { max: preview.dailyMax })}
      </Text>
      {preview.restCount !== preview.count ? (
        <Text size="sm">{t('games.preview.restCountedAt', { unit, count: preview.restCount })}</Text>
      ) : null}
      {next ? (
        <Text size="sm">{t('games.preview.nextTier', { unit, count: next.pitchCount, days: next.daysRest })}</Text>
      ) : null}
      {preview.violations.length > 0 ? (
        <Alert
          color="orange"
          variant="light"
          role="note"
          title={t('games.preview.breaksRule')}
          mt="xs"
          // The light orange title is too pale on its background (WCAG AA): the text's own color.
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
        >
          <Stack gap={4}>
            {preview.violations.map((message) => (
              <Text key={message} size="sm">
                {withLocalDates(t.said(message))}
              </Text>
            ))}
            <Text size="sm" fw={600}>
              {t('games.preview.recordMustBeTrue')}
            </Text>
          </Stack>
        </Alert>
      ) : null}
    </>
  );
}
