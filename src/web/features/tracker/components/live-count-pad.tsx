import { Box, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import type { PitchEventKind } from '../../../../core/pitch-events.ts';
import type { InGameStatus, NotEligible } from '../../../../core/rules/engine.ts';
import { reasonLines } from '../../../lib/answer.ts';
import { useT } from '../../../lib/i18n.ts';
import { formatDay } from './labels.ts';
import { type BookView, TAP_KINDS } from './live-count-model.ts';

/** Dark fills with white bold text: readable in sunlight, 4.5:1 and more on every button. */
const TAP_COLORS: Record<string, string> = {
  ball: 'blue.9',
  strike: 'red.9',
  foul: 'violet.9',
  in_play: 'green.9',
  new_batter: 'dark.6',
  intentional_walk: 'teal.9',
};

export interface TapPadProps {
  onTap: (kind: PitchEventKind) => void;
  canUndo: boolean;
}

/** One large button per tap, two a row, in reach of one thumb. */
export function TapPad({ onTap, canUndo }: TapPadProps) {
  const t = useT();
  return (
    <Stack gap="sm" role="group" aria-label={t('tracker.live.taps')}>
      <SimpleGrid cols={2} spacing="sm" verticalSpacing="sm">
        {TAP_KINDS.map(({ kind, label }) => (
          <Button
            key={kind}
            size="xl"
            h={60}
            px="xs"
            fz={20}
            fw={700}
            color={TAP_COLORS[kind]}
            onClick={() => onTap(kind)}
            styles={{ label: { whiteSpace: 'normal', lineHeight: 1.15, textAlign: 'center' } }}
          >
            {t(label)}
          </Button>
        ))}
      </SimpleGrid>
      <Button
        size="xl"
        h={56}
        fz={20}
        fw={700}
        variant="default"
        onClick={() => onTap('undo')}
        disabled={!canUndo}
        style={{ borderWidth: 2, borderColor: 'var(--mantine-color-gray-7)' }}
      >
        {t('tracker.live.tap.undo')}
      </Button>
    </Stack>
  );
}

export interface CountCardProps {
  view: BookView;
  credit: number;
  lastTap: string | null;
  /** The one answer in this game (lib/answer.ts); null: none to show (no rule, innings, no birth date), `note` says why. */
  answer: InGameStatus | null;
  note: string | null;
  warning: { kind: 'max' | 'tier'; text: string } | null;
}

/** 'Eligible Sat, Nov 30' (Pitcher Status's next eligible date with this count), today, or none this season. */
function eligibleText(t: ReturnType<typeof useT>, answer: InGameStatus): string {
  const { after } = answer;
  if (after.canPitchOnAsOf) return t('tracker.live.eligibleToday');
  if (!after.nextEligibleDate) return t('tracker.live.eligibleNone');
  return t('tracker.live.eligible', { date: formatDay(after.nextEligibleDate, t) });
}

/**
 * The count (big), batters faced, the pitches left today (the day's earlier games counted), the rest
 * owed and the next eligible date with this count, and the warning slot, whose space is always kept
 * so nothing moves when a warning appears.
 */
export function CountCard({ view, credit, lastTap, answer, note, warning }: CountCardProps) {
  const t = useT();
  const walks = view.intentionalWalks;
  return (
    <Stack gap={6} mt={6}>
      <Group align="center" gap="md" wrap="nowrap">
        <Box
          component="output"
          aria-label={t('tracker.live.pitchCount')}
          fz={68}
          fw={800}
          lh={1}
          miw={104}
          ta="center"
          c="var(--mantine-color-text)"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {view.count}
        </Box>
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} fz="md">
            {t('tracker.live.battersFaced', { count: view.batters })}
          </Text>
          <Text fz="md">
            {answer ? t('tracker.live.restOwed', { days: answer.day.daysRest }) : t('tracker.live.restOwedUnknown')}
          </Text>
          {answer ? (
            <>
              <Text fz="sm" c="dimmed">
                {eligibleText(t, answer)}
              </Text>
              <Text fz="sm" c="dimmed">
                {answer.remaining !== null
                  ? t('tracker.live.left', { remaining: answer.remaining })
                  : t('tracker.live.leftNoMax')}
              </Text>
            </>
          ) : (
            <Text fz="sm" c="dimmed" lineClamp={2}>
              {note ?? ''}
            </Text>
          )}
        </Stack>
      </Group>
      {answer && !answer.before.canPitchOnAsOf ? <HeldOut reasons={answer.before.reasons} /> : null}
      {/* One line whatever it says: the last tap gives way to the walks, never wraps. */}
      <Group gap="xs" justify="space-between" wrap="nowrap" h={22}>
        <Text fz="sm" truncate style={{ minWidth: 0 }}>
          {t('tracker.live.lastTap', { tap: lastTap ?? '—' })}
        </Text>
        {walks > 0 ? (
          <Text fz="xs" c="dimmed" style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
            {t('tracker.live.intentionalWalks', { walks, pitches: walks * credit })}
          </Text>
        ) : null}
      </Group>
      <Paper
        role="status"
        aria-label={t('tracker.live.warning')}
        mih={58}
        px="sm"
        py={6}
        radius="md"
        bg={warning?.kind === 'max' ? 'red.9' : warning ? 'yellow.1' : 'transparent'}
        c={warning?.kind === 'max' ? 'white' : 'var(--mantine-color-text)'}
        style={{
          display: 'flex',
          alignItems: 'center',
          // The border is always there (transparent without a warning): nothing moves when one shows.
          border: `2px solid ${warning?.kind === 'tier' ? 'var(--mantine-color-yellow-8)' : warning ? 'var(--mantine-color-red-9)' : 'transparent'}`,
        }}
      >
        <Text fw={700} fz={15} lh={1.3} c="inherit">
          {warning?.text ?? ''}
        </Text>
      </Paper>
    </Stack>
  );
}

/** A pitcher the rules hold out of this game and the coach chose anyway: why, each rule with its date. */
export function HeldOut({ reasons }: { reasons: readonly NotEligible[] }) {
  const t = useT();
  return (
    <Paper withBorder radius="md" px="sm" py={6} style={{ borderColor: 'var(--mantine-color-red-9)', borderWidth: 2 }}>
      <Text fw={700} fz="sm">
        {t('tracker.live.heldOut')}
      </Text>
      {reasonLines(t, reasons).map((line) => (
        <Text key={line} fz="sm">
          {line}
        </Text>
      ))}
    </Paper>
  );
}
