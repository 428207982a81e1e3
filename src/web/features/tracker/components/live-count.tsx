import { Alert, Badge, Button, Group, Paper, SegmentedControl, Select, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { PitchEventKind } from '../../../../core/pitch-events.ts';
import type { RestRule } from '../../../../core/rules/rule.ts';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { offlineStore, syncAfterTap, syncSoon } from '../../../lib/offline/app-sync.ts';
import { type Book, bookKey, undoTarget } from '../../../lib/offline/logic.ts';
import type { SyncState } from '../../../lib/offline/sync.ts';
import type { BookCount, GameSnapshot } from '../../../lib/offline/types.ts';
import { ruleOfWire } from '../../../lib/rule-of-wire.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import type { Game } from '../api/list-games.ts';
import type { RosterPlayer } from '../api/list-roster.ts';
import {
  useGameCountsFeed,
  useGameRoster,
  useGameSnapshot,
  useLiveContext,
  useLiveRoster,
  useLiveRule,
  useLiveUser,
  useSyncState,
} from '../api/live-data.ts';
import { useUpdateGame } from '../api/update-game.ts';
import { EndGameModal } from './end-game-modal.tsx';
import { FinalCountsPanel } from './final-counts-panel.tsx';
import { END_GAME_TEXT, gameTitle, playerLabel } from './labels.ts';
import { BooksComparison, type GameBookRow, GameBooks, NotAccepted } from './live-count-lists.tsx';
import {
  bookView,
  firstNameOf,
  LIVE_TEXT,
  lastTapOf,
  restAt,
  tapLabel,
  waitingText,
  warningAt,
} from './live-count-model.ts';
import { CountCard, TapPad } from './live-count-pad.tsx';

export interface LiveCountScreenProps {
  teamId: string;
  gameId: string;
  /** The pitcher being counted (kept in the address, so a reload keeps counting them). */
  pitcherId: string | null;
  /** From the tracker's lists when they loaded; else the copy kept in the browser. */
  team: CurrentTeam | null;
  game: Game | null;
  onPitcher: (pitcherId: string | null) => void;
  onBack: () => void;
}

/**
 * Live counting at the field: one large tap per pitch, kept in the browser first and
 * sent in order; the count, the rest it owes and the warnings from the engine; both dugouts'
 * counts side by side. Opens offline once it was opened online.
 */
export function LiveCountScreen(props: LiveCountScreenProps) {
  const { userId, known } = useLiveUser();
  const { context, pending } = useLiveContext(userId, props.teamId, props.gameId, {
    team: props.team,
    game: props.game,
  });
  if (!context) {
    if (!known || (userId && pending)) return <PageLoader label="Loading the live count" />;
    return (
      <Stack gap="md" maw={640} mx="auto">
        <Title order={1}>{LIVE_TEXT.title}</Title>
        <Alert color="yellow" variant="light" role="alert">
          {LIVE_TEXT.notOffline}
        </Alert>
        <Button variant="default" onClick={props.onBack} w="fit-content">
          {LIVE_TEXT.back}
        </Button>
      </Stack>
    );
  }
  if (!userId) return <PageLoader label="Loading the live count" />;
  return <LiveCount {...props} team={context.team} game={context.game} userId={userId} />;
}

interface Pitcher {
  id: string;
  name: string;
  label: string;
  birthDate: string | null;
  side: 'ours' | 'theirs';
}

const fullName = (p: Pick<RosterPlayer, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName}`;

function LiveCount(props: LiveCountScreenProps & { team: CurrentTeam; game: Game; userId: string }) {
  const { team, game, userId, pitcherId, onPitcher } = props;
  const otherTeamId = game.homeTeamId === team.id ? game.awayTeamId : game.homeTeamId;
  const otherTeamName = (game.homeTeamId === team.id ? game.awayTeamName : game.homeTeamName) ?? null;
  const ourRoster = useLiveRoster(userId, team.id);
  const theirRoster = useLiveRoster(userId, otherTeamId);
  // A coach reads only their own rosters; the game's roster names the other team's players (no birth dates).
  const gameRoster = useGameRoster(userId, game.id);
  const theirPlayers: RosterLike[] | undefined = theirRoster.data?.length
    ? theirRoster.data
    : gameRoster.data?.find((t) => t.teamId === otherTeamId)?.players.map((p) => ({ ...p, birthDate: null }));
  const ruleAnswer = useLiveRule(userId, team.id, game.date);
  const rule: RestRule | null = useMemo(
    () => (ruleAnswer.data?.rule ? ruleOfWire(ruleAnswer.data.rule) : null),
    [ruleAnswer.data],
  );
  const credit = rule?.intentionalWalkPitches ?? 0;
  useGameCountsFeed(userId, game.id);
  const { snapshot, error: storeError } = useGameSnapshot(userId, game.id);
  const sync = useSyncState();
  const [side, setSide] = useState<'ours' | 'theirs'>('ours');
  const [tapError, setTapError] = useState<string | null>(null);

  const counts = snapshot?.counts ?? [];
  const taps = snapshot?.taps ?? [];
  const me = useQuery(meQueryOptions);
  const endModal = useAdminModal<unknown>();
  const updateGame = useUpdateGame();
  const over = game.state === 'final';
  const bookRows = gameBookRows(snapshot, team, otherTeamName, credit);
  const waitingHere = taps.filter((t) => t.state === 'pending').length;
  const onEnd = () =>
    void endModal.run(async () => {
      // What waits goes first: a tap arriving after the end would be refused.
      await syncSoon();
      const left = (await offlineStore().snapshot(userId, game.id)).taps.filter((t) => t.state === 'pending').length;
      if (left > 0) throw new Error(END_GAME_TEXT.waiting(left));
      await updateGame.mutateAsync({ id: game.id, state: 'final' });
      props.onBack();
    }, END_GAME_TEXT.failed);
  const ourIds = new Set((ourRoster.data ?? []).map((p) => p.id));

  const candidates = pitchersOf(ourRoster.data, theirPlayers, counts, otherTeamId);
  const pitcher: Pitcher | null = pitcherId
    ? (candidates.find((p) => p.id === pitcherId) ?? {
        id: pitcherId,
        name: taps.find((t) => t.event.pitcherId === pitcherId)?.pitcherName ?? 'Pitcher',
        label: taps.find((t) => t.event.pitcherId === pitcherId)?.pitcherName ?? 'Pitcher',
        birthDate: null,
        side: ourIds.has(pitcherId) || ourRoster.data === undefined ? 'ours' : 'theirs',
      })
    : null;

  const book: Book | null = pitcher ? { gameId: game.id, pitcherId: pitcher.id, bookTeamId: team.id } : null;
  const serverOf = (b: Pick<Book, 'pitcherId' | 'bookTeamId'>) => counts.find((c) => bookKey(c) === bookKey(b)) ?? null;

  const onTap = async (kind: PitchEventKind) => {
    if (!pitcher) return;
    setTapError(null);
    try {
      navigator.vibrate?.(15);
    } catch {
      // Not every browser may vibrate.
    }
    try {
      await offlineStore().record({
        userId,
        gameId: game.id,
        pitcherId: pitcher.id,
        bookTeamId: team.id,
        pitcherName: pitcher.name,
        kind,
      });
      syncAfterTap();
    } catch (error) {
      setTapError(`This tap could not be kept on this device: ${(error as Error).message}`);
    }
  };

  return (
    <Stack gap="sm" maw={640} mx="auto" w="100%">
      <SyncBar snapshot={snapshot} sync={sync} subtitle={`${gameTitle(game, team.id)} · ${team.name} book`} />

      {over ? (
        <Alert color="gray" variant="light" role="status">
          {END_GAME_TEXT.over}
        </Alert>
      ) : null}

      {storeError ? (
        <Alert color="red" variant="light" role="alert">
          This browser cannot keep taps: {(storeError as Error).message}
        </Alert>
      ) : null}

      {pitcher && book ? (
        <>
          <Paper withBorder p="sm" radius="md" component="section" aria-label="Count">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={800} fz="lg" lh={1.25} truncate>
                  {pitcher.label}
                </Text>
                <Text fz="sm" c="dimmed">
                  {pitcher.side === 'ours' ? team.name : (otherTeamName ?? 'Other team')} pitcher
                </Text>
              </div>
              <Button variant="default" size="sm" h={44} onClick={() => onPitcher(null)} style={{ flexShrink: 0 }}>
                {LIVE_TEXT.changePitcher}
              </Button>
            </Group>
            <CurrentCount
              pitcher={pitcher}
              book={book}
              game={game}
              rule={rule}
              ruleLoaded={ruleAnswer.data !== undefined}
              credit={credit}
              snapshot={snapshot}
              server={serverOf(book)}
            />
          </Paper>
          {tapError ? (
            <Alert color="red" variant="light" role="alert">
              {tapError}
            </Alert>
          ) : null}
          {over ? null : <TapPad onTap={(kind) => void onTap(kind)} canUndo={undoTarget(taps, book) !== null} />}
          <BooksComparison
            ourTeam={team.name}
            theirTeam={otherTeamName}
            ours={bookView(serverOf(book), taps, book, credit)}
            theirs={
              otherTeamId && serverOf({ pitcherId: pitcher.id, bookTeamId: otherTeamId })
                ? bookView(serverOf({ pitcherId: pitcher.id, bookTeamId: otherTeamId }), [], book, credit)
                : null
            }
          />
        </>
      ) : (
        <PitcherPicker
          team={team}
          otherTeamName={otherTeamId ? otherTeamName : null}
          side={side}
          onSide={setSide}
          candidates={candidates.filter((p) => p.side === side)}
          loading={side === 'ours' ? ourRoster.pending : theirRoster.pending && gameRoster.pending}
          theirRosterHidden={side === 'theirs' && (theirPlayers?.length ?? 0) === 0}
          onPitcher={onPitcher}
        />
      )}

      <NotAccepted refused={snapshot?.refused ?? []} />
      <GameBooks rows={bookRows} />
      <FinalCountsPanel team={team} gameId={game.id} changeKey={countsKeyOf(counts)} />
      <Group gap="sm">
        <Button variant="default" size="md" onClick={props.onBack}>
          {LIVE_TEXT.back}
        </Button>
        {!over && hasAbility(me.data, 'Mutation.updateGame') ? (
          <Button size="md" color="red" variant="light" onClick={() => endModal.open('edit')}>
            {END_GAME_TEXT.button}
          </Button>
        ) : null}
      </Group>
      <EndGameModal
        modal={endModal}
        title={gameTitle(game, team.id)}
        pitched={bookRows.filter((row) => row.bookTeamId === team.id)}
        waiting={waitingHere}
        onEnd={onEnd}
      />
    </Stack>
  );
}

function CurrentCount(props: {
  pitcher: Pitcher;
  book: Book;
  game: Game;
  rule: RestRule | null;
  ruleLoaded: boolean;
  credit: number;
  snapshot: GameSnapshot | null;
  server: BookCount | null;
}) {
  const { pitcher, book, game, rule, credit, snapshot } = props;
  const taps = snapshot?.taps ?? [];
  const view = bookView(props.server, taps, book, credit);
  let note: string | null = null;
  let rest = null;
  if (!rule) note = props.ruleLoaded ? LIVE_TEXT.noRule : null;
  else if (rule.unit !== 'pitches') note = LIVE_TEXT.innings;
  else if (!pitcher.birthDate) note = 'No birth date on the roster you can read: the rest cannot be worked out.';
  else rest = restAt(rule, pitcher.birthDate, game.date, game.id, view);
  const last = lastTapOf(taps, book);
  return (
    <CountCard
      view={view}
      credit={credit}
      lastTap={last ? tapLabel(last, taps) : null}
      rest={rest}
      note={note}
      warning={rule && rest ? warningAt(rule, rest, firstNameOf(pitcher.name)) : null}
    />
  );
}

function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine !== false,
  );
}

/**
 * The heading, how many taps wait, what the sync loop is doing, and 'Sync now', on two lines whose
 * space is kept whatever they say.
 */
function SyncBar({ snapshot, sync, subtitle }: { snapshot: GameSnapshot | null; sync: SyncState; subtitle: string }) {
  const online = useOnline();
  // Opening the view moves the focus to its heading (the 'Count live' button is gone).
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const waiting = snapshot?.pending ?? 0;
  let line: string = LIVE_TEXT.online;
  if (!online || sync.phase === 'offline') line = LIVE_TEXT.offline;
  else if (sync.phase === 'signed-out') line = LIVE_TEXT.signedOut;
  else if (sync.phase === 'sending') line = LIVE_TEXT.sending;
  else if (sync.phase === 'failed') line = LIVE_TEXT.failed;
  return (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
        <Title
          order={1}
          ref={heading}
          tabIndex={-1}
          fz={{ base: 24, sm: 30 }}
          style={{ whiteSpace: 'nowrap', outline: 'none' }}
        >
          {LIVE_TEXT.title}
        </Title>
        <Badge
          size="xl"
          radius="sm"
          variant="filled"
          color={waiting > 0 ? WAITING_COLOR : SENT_COLOR}
          style={{ flexShrink: 0, textTransform: 'none' }}
        >
          {snapshot ? waitingText(waiting) : '…'}
        </Badge>
      </Group>
      <Text fz="sm" c="dimmed" truncate>
        {subtitle}
      </Text>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="center">
        <Text
          fz="sm"
          fw={600}
          truncate
          style={{ minWidth: 0 }}
          title={sync.phase === 'failed' ? (sync.message ?? undefined) : undefined}
        >
          {line}
        </Text>
        <Button size="sm" h={40} variant="default" onClick={() => void syncSoon()} style={{ flexShrink: 0 }}>
          {LIVE_TEXT.syncNow}
        </Button>
      </Group>
    </Stack>
  );
}

// Dark enough for white text (4.5:1 and more).
const WAITING_COLOR = '#a33b00';
const SENT_COLOR = '#1e6b30';

function PitcherPicker(props: {
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
  return (
    <Paper withBorder p="sm" radius="md" component="section" aria-labelledby="pick-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="pick-heading">
          Who is pitching?
        </Title>
        {otherTeamName ? (
          <SegmentedControl
            aria-label="Whose pitcher"
            size="lg"
            fullWidth
            // The side not chosen keeps full contrast too (the white indicator shows the choice).
            styles={{ label: { color: 'var(--mantine-color-text)' } }}
            value={side}
            onChange={(value) => props.onSide(value as 'ours' | 'theirs')}
            data={[
              { value: 'ours', label: `${team.name} pitcher` },
              { value: 'theirs', label: `${otherTeamName} pitcher` },
            ]}
          />
        ) : null}
        <Select
          label={LIVE_TEXT.pitcher}
          placeholder={props.loading ? 'Loading the roster…' : 'Choose the pitcher'}
          data={props.candidates.map((p) => ({ value: p.id, label: p.label }))}
          value={null}
          onChange={(value) => value && props.onPitcher(value)}
          size="lg"
          allowDeselect={false}
          nothingFoundMessage="No player"
        />
        {props.theirRosterHidden && otherTeamName ? (
          <Text fz="sm" c="dimmed">
            {LIVE_TEXT.theirRosterHidden(otherTeamName)}
          </Text>
        ) : null}
        <Text fz="sm" c="dimmed">
          You count in the {team.name} book. Both dugouts may count the same pitcher: their counts show side by side.
        </Text>
      </Stack>
    </Paper>
  );
}

/** A roster line: the other team's come without a birth date. */
type RosterLike = Omit<RosterPlayer, 'birthDate'> & { birthDate: string | null };

/** Whom the user may count: each roster, plus the other team's pitchers its dugout already counts. */
function pitchersOf(
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

/** Every book of the game: the server's, with this device's waiting taps added, and books only this device has yet. */
function gameBookRows(
  snapshot: GameSnapshot | null,
  team: CurrentTeam,
  otherTeamName: string | null,
  credit: number,
): GameBookRow[] {
  if (!snapshot) return [];
  const rows = new Map<string, GameBookRow>();
  for (const count of snapshot.counts ?? []) {
    rows.set(bookKey(count), {
      key: bookKey(count),
      bookTeamId: count.bookTeamId,
      pitcherName: count.pitcherName,
      bookTeamName: count.bookTeamName,
      official: count.official,
      view: bookView(count, snapshot.taps, count, credit),
    });
  }
  for (const tap of snapshot.taps) {
    const key = bookKey(tap.event);
    if (tap.state === 'refused' || rows.has(key)) continue;
    rows.set(key, {
      key,
      bookTeamId: tap.event.bookTeamId,
      pitcherName: tap.pitcherName,
      bookTeamName: tap.event.bookTeamId === team.id ? team.name : (otherTeamName ?? ''),
      official: false,
      view: bookView(null, snapshot.taps, tap.event, credit),
    });
  }
  return [...rows.values()].sort(
    (a, b) => a.pitcherName.localeCompare(b.pitcherName) || a.bookTeamName.localeCompare(b.bookTeamName),
  );
}

/** Changes whenever a book's totals on the server change: the official count is read again then. */
function countsKeyOf(counts: readonly BookCount[]): string {
  return counts.map((c) => `${bookKey(c)}:${c.pitches}:${c.intentionalWalks}`).join('|');
}
