import { Button, Group, Paper, Text } from '@mantine/core';
import type { RestRule } from '../../../../core/rules/rule.ts';
import { useT } from '../../../lib/i18n.ts';
import type { Book } from '../../../lib/offline/logic.ts';
import type { BookCount, GameSnapshot } from '../../../lib/offline/types.ts';
import type { Game } from '../api/list-games.ts';
import { bookView, firstNameOf, lastTapOf, restAt, tapLabel, warningAt } from './live-count-model.ts';
import { CountCard } from './live-count-pad.tsx';
import type { Pitcher } from './live-count-pitchers.tsx';

interface CountProps {
  pitcher: Pitcher;
  book: Book;
  game: Game;
  rule: RestRule | null;
  ruleLoaded: boolean;
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
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          <Text fw={800} fz="lg" lh={1.25} truncate>
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
  let rest = null;
  if (!rule) note = props.ruleLoaded ? t('tracker.live.noRule') : null;
  else if (rule.unit !== 'pitches') note = t('tracker.live.innings');
  else if (!pitcher.birthDate) note = t('tracker.live.noBirthDate');
  else rest = restAt(rule, pitcher.birthDate, game.date, game.id, view);
  const last = lastTapOf(taps, book);
  return (
    <CountCard
      view={view}
      credit={credit}
      lastTap={last ? tapLabel(t, last, taps) : null}
      rest={rest}
      note={note}
      warning={rule && rest ? warningAt(t, rule, rest, firstNameOf(pitcher.name)) : null}
    />
  );
}
