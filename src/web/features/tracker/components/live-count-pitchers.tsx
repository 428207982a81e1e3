import { List, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import type { InGameStatus } from '../../../../core/rules/engine.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { holdKindOf, reasonLines } from '../../../lib/answer.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { BookCount, StoredTap } from '../../../lib/offline/types.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import type { RosterPlayer } from '../api/list-roster.ts';
import { useGameRoster, useLiveRoster } from '../api/live-data.ts';
import { playerLabel } from './labels.ts';
import { firstNameOf } from './live-count-model.ts';

/** Whether a pitcher may start in the game, and why not: the answer before this game's pitching. */
export type TodayAnswer = InGameStatus['before'];

/** Someone the user may count: a player of either roster, or a pitcher the other dugout counts. */
export interface Pitcher {
  id: string;
  name: string;
  label: string;
  birthDate: string | null;
  side: 'ours' | 'theirs';
  /** Ours, with a rule and their record: whether they may start pitching in this game, and why not. */
  before?: TodayAnswer | null;
}

const fullName = (p: Pick<RosterPlayer, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

/** Who is pitching: whose pitcher (when the game has another team), then the player. */
export function PitcherPicker(props: {
  team: CurrentTeam;
  otherTeamName: string | null;
  side: 'ours' | 'theirs';
  onSide: (side: 'ours' | 'theirs') => void;
  candidates: Pitcher[];
  loading: boolean;
  theirRosterHidden: boolean;
  onPitcher: (id: string) => void;
}) {
  const { team, otherTeamName, side } = props;
  const t = useT();
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="pick-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="pick-heading">
          {t('tracker.live.pick.title')}
        </Title>
        {otherTeamName ? (
          <SegmentedControl
            aria-label={t('tracker.live.pick.whose')}
            size="lg"
            fullWidth
            // The side not chosen keeps full contrast too (the white indicator shows the choice). A long label
            // ('Lanzador de Tigers') wraps onto two lines rather than running under the other side at 390 px.
            styles={{
              label: {
                color: 'var(--mantine-color-text)',
                whiteSpace: 'normal',
                lineHeight: 1.2,
                overflowWrap: 'anywhere',
              },
            }}
            value={side}
            onChange={(value) => props.onSide(value as 'ours' | 'theirs')}
            data={[
              { value: 'ours', label: t('tracker.live.teamPitcher', { team: team.name }) },
              { value: 'theirs', label: t('tracker.live.teamPitcher', { team: otherTeamName }) },
            ]}
          />
        ) : null}
        <Select
          label={t('tracker.live.pitcher')}
          placeholder={props.loading ? t('tracker.live.pick.loading') : t('tracker.live.pick.choose')}
          disabled={props.loading}
          data={props.candidates.map((p) => ({
            value: p.id,
            label: p.side === 'ours' && p.before !== undefined ? pickLabel(t, p.label, p.before) : p.label,
          }))}
          value={null}
          onChange={(value) => value && props.onPitcher(value)}
          size="lg"
          // Each pitcher's mark takes two lines on a phone: room for a roster's first half.
          maxDropdownHeight={360}
          allowDeselect={false}
          nothingFoundMessage={t('tracker.live.pick.noPlayer')}
        />
        {props.theirRosterHidden && otherTeamName ? (
          <Text fz="sm" c="dimmed">
            {t('tracker.live.pick.theirRosterHidden', { team: otherTeamName })}
          </Text>
        ) : null}
        <Text fz="sm" c="dimmed">
          {t('tracker.live.pick.book', { team: team.name })}
        </Text>
      </Stack>
    </Paper>
  );
}

/** A roster line: the other team's come without a birth date. */
export type RosterLike = Omit<RosterPlayer, 'birthDate'> & { birthDate: string | null };

/** Whom the user may count: each roster, plus the other team's pitchers its dugout already counts. */
export function pitchersOf(
  ours: RosterLike[] | undefined,
  theirs: RosterLike[] | undefined,
  counts: readonly BookCount[],
  otherTeamId: string | null,
): Pitcher[] {
  const list: Pitcher[] = [];
  const seen = new Set<string>();
  const add = (p: Pitcher) => {
    if (seen.has(p.id)) return;
    seen.add(p.id);
    list.push(p);
  };
  const fromRoster = (p: RosterLike, side: Pitcher['side']) => ({
    id: p.id,
    name: fullName(p),
    label: playerLabel(p.jerseyNumber, fullName(p)),
    birthDate: p.birthDate,
    side,
  });
  for (const p of ours ?? []) add(fromRoster(p, 'ours'));
  for (const p of theirs ?? []) add(fromRoster(p, 'theirs'));
  if (otherTeamId && ours !== undefined) {
    // A coach cannot read the other team's roster: its pitchers are known once a dugout counts them
    // (every counted pitcher is on one of the game's rosters, so one not on ours is theirs).
    for (const c of counts) {
      add({ id: c.pitcherId, name: c.pitcherName, label: c.pitcherName, birthDate: null, side: 'theirs' });
    }
  }
  return list;
}

/**
 * The pitcher in the address: from the rosters, else by the name their taps kept (a reload offline),
 * else `unnamed` ('Pitcher'); on our side when our roster lists them or is not read yet.
 */
export function pitcherOf(
  pitcherId: string,
  candidates: readonly Pitcher[],
  taps: readonly StoredTap[],
  ourRoster: readonly RosterLike[] | undefined,
  unnamed: string,
): Pitcher {
  const found = candidates.find((p) => p.id === pitcherId);
  if (found) return found;
  const name = taps.find((t) => t.event.pitcherId === pitcherId)?.pitcherName ?? unnamed;
  const ours = ourRoster === undefined || ourRoster.some((p) => p.id === pitcherId);
  return { id: pitcherId, name, label: name, birthDate: null, side: ours ? 'ours' : 'theirs' };
}

/**
 * Both rosters of the game, as this device can read them. A coach reads only their own rosters; the
 * game's roster names the other team's players (no birth dates).
 */
export function useLiveRosters(userId: string, teamId: string, gameId: string, otherTeamId: string | null) {
  const ourRoster = useLiveRoster(userId, teamId);
  const theirRoster = useLiveRoster(userId, otherTeamId);
  const gameRoster = useGameRoster(userId, gameId);
  const ours: RosterLike[] | undefined = ourRoster.data;
  const theirs: RosterLike[] | undefined = theirRoster.data?.length
    ? theirRoster.data
    : gameRoster.data?.find((t) => t.teamId === otherTeamId)?.players.map((p) => ({ ...p, birthDate: null }));
  return {
    ours,
    theirs,
    oursPending: ourRoster.pending,
    theirsPending: theirRoster.pending && gameRoster.pending,
  };
}

/** The picker's words for one of our pitchers: available with what is left, resting until, at today's limit... */
export function pickLabel(t: Translate, label: string, before: TodayAnswer | null): string {
  if (!before) return t('tracker.live.pick.noAnswer', { label });
  if (before.canPitchOnAsOf) {
    return before.remainingToday === null
      ? t('tracker.live.pick.availableNoMax', { label })
      : t('tracker.live.pick.available', { label, remaining: before.remainingToday });
  }
  const date = before.nextEligibleDate ? t.day(before.nextEligibleDate, 'weekdayShort') : null;
  switch (holdKindOf(before.reasons[0]?.code)) {
    case 'resting':
      return date ? t('tracker.live.pick.resting', { label, date }) : t('tracker.live.pick.otherNoDate', { label });
    case 'dayLimit':
      return t('tracker.live.pick.dayLimit', { label });
    case 'catcher':
      return t('tracker.live.pick.catcher', { label });
    default:
      return date ? t('tracker.live.pick.other', { label, date }) : t('tracker.live.pick.otherNoDate', { label });
  }
}

/**
 * Choosing a pitcher the rules hold out of the game: why, in words and with the rule, and the coach
 * confirms. The confirmed choice is kept in the game's history and the league's admins are told.
 */
export function HoldModal(props: {
  pitcher: { name: string; before: TodayAnswer } | null;
  ruleName: string | null;
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const t = useT();
  const { pitcher } = props;
  const name = pitcher ? firstNameOf(pitcher.name) : '';
  return (
    <AdminModal
      opened={pitcher !== null}
      title={t('tracker.live.hold.title', { name: pitcher?.name ?? '' })}
      confirmLabel={t('tracker.live.hold.confirm', { name })}
      kind="delete"
      onClose={props.onCancel}
      onConfirm={props.onConfirm}
      busy={props.busy}
      error={props.error}
    >
      {pitcher ? (
        <Stack gap="xs">
          <Text size="sm" fw={700}>
            {t('tracker.live.hold.why', { name })}
          </Text>
          <List size="sm" spacing={4}>
            {reasonLines(t, pitcher.before.reasons).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {props.ruleName ? <Text size="sm">{t('tracker.live.hold.rule', { rule: props.ruleName })}</Text> : null}
          <Text size="sm">
            {pitcher.before.nextEligibleDate
              ? t('tracker.live.hold.nextEligible', {
                  name,
                  date: t.day(pitcher.before.nextEligibleDate, 'weekdayShort'),
                })
              : t('tracker.live.hold.noDate', { name })}
          </Text>
          <Text size="sm">{t('tracker.live.hold.kept')}</Text>
        </Stack>
      ) : null}
    </AdminModal>
  );
}
