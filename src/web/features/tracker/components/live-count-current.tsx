import { Button, Group, Paper, Text } from '@mantine/core';
import type { InGameStatus } from '../../../../core/rules/engine.ts';
import type { RestRule } from '../../../../core/rules/rule.ts';
import { answerInGame, type WireAppearance } from '../../../lib/answer.ts';
import { useT } from '../../../lib/i18n.ts';
import type { Book } from '../../../lib/offline/logic.ts';
import type { BookCount, GameSnapshot } from '../../../lib/offline/types.ts';
import type { Game } from '../api/list-games.ts';
import { bookView, firstNameOf, lastTapOf, tapLabel, warningAt } from './live-count-model.ts';
import { CountCard } from './live-count-pad.tsx';
import type { Pitcher } from './live-count-pitchers.tsx';

interface CountProps {
  pitcher: Pitcher;
  book: Book;
  game: Game;
  rule: RestRule | null;
  ruleLoaded: boolean;
  /** The season's first day (caps per season), and the pitcher's record up to the game's date (null: not read). */
  seasonStart: string | null;
  record: readonly WireAppearance[] | null;
  /** The rule's name, for the reasons' heading. */
  ruleName: string | null;
  credit: number;
  snapshot: GameSnapshot | null;
  server: BookCount | null;
}

/** The pitcher being counted, whose pitcher they are, Change pitcher, and their count with the rest it owes. */
export function PitcherCount({
  side,
  onChangePitcher,
  ...count
}: CountProps & { side: string; onChangePitcher: () => void }) {
  const t = useT();
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-label={t('tracker.live.count')}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <div style={{ minWidth: 0 }}>
          {/* The whole name, on two lines if it must: a coach checks who is being counted. */}
          <Text fw={800} fz="lg" lh={1.25} style={{ overflowWrap: 'anywhere' }}>
            {count.pitcher.label}
          </Text>
          <Text fz="sm" c="dimmed">
            {t('tracker.live.teamPitcher', { team: side })}
          </Text>
        </div>
        <Button variant="default" size="sm" h={44} onClick={onChangePitcher} style={{ flexShrink: 0 }}>
          {t('tracker.live.changePitcher')}
        </Button>
      </Group>
      <CurrentCount {...count} />
    </Paper>
  );
}

function CurrentCount(props: CountProps) {
  const { pitcher, book, game, rule, credit, snapshot } = props;
  const t = useT();
  const taps = snapshot?.taps ?? [];
  const view = bookView(props.server, taps, book, credit);
  let note: string | null = null;
  let answer: InGameStatus | null = null;
  if (!rule) note = props.ruleLoaded ? t('tracker.live.noRule') : null;
  else if (rule.unit !== 'pitches') note = t('tracker.live.innings');
  else if (!pitcher.birthDate) note = t('tracker.live.noBirthDate');
  else if (props.record) {
    answer = answerInGame({
      rule,
      birthDate: pitcher.birthDate,
      seasonStart: props.seasonStart,
      record: props.record,
      game,
      count: view,
    });
  }
  const last = lastTapOf(taps, book);
  return (
    <CountCard
      view={view}
      credit={credit}
      lastTap={last ? tapLabel(t, last, taps) : null}
      answer={answer}
      note={note}
      warning={rule && answer ? warningAt(t, rule, answer, firstNameOf(pitcher.name)) : null}
    />
  );
}
