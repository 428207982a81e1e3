import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { PitchEventKind } from '../../../../core/pitch-events.ts';
import type { RestRule } from '../../../../core/rules/rule.ts';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { answerInGame } from '../../../lib/answer.ts';
import { errorMessage } from '../../../lib/api.ts';
import { localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { offlineStore, syncAfterTap, syncSoon } from '../../../lib/offline/app-sync.ts';
import { type Book, bookKey, undoTarget } from '../../../lib/offline/logic.ts';
import { ruleOfWire } from '../../../lib/rule-of-wire.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import { useOnline } from '../../../lib/use-online.ts';
import { useConfirmPitcherChoice } from '../api/confirm-pitcher-choice.ts';
import type { Game } from '../api/list-games.ts';
import {
  useGameCountsFeed,
  useGameSnapshot,
  useLiveContext,
  useLiveRule,
  useLiveUser,
  useSyncState,
} from '../api/live-data.ts';
import { useOfficialCount } from '../api/official-count.ts';
import { useUpdateGame } from '../api/update-game.ts';
import { EndGameModal } from './end-game-modal.tsx';
import { FinalCountsPanel } from './final-counts-panel.tsx';
import { END_GAME_TEXT, gameTitle } from './labels.ts';
import { PitcherCount } from './live-count-current.tsx';
import { BooksComparison, GameBooks, NotAccepted } from './live-count-lists.tsx';
import { bookView, countsKeyOf, gameBookRows } from './live-count-model.ts';
import { TapPad } from './live-count-pad.tsx';
import {
  HoldModal,
  PitcherPicker,
  pitcherOf,
  pitchersOf,
  type TodayAnswer,
  useLiveRosters,
} from './live-count-pitchers.tsx';
import { SyncBar } from './live-count-sync-bar.tsx';

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
  const t = useT();
  const { userId, known } = useLiveUser();
  const { context, pending } = useLiveContext(userId, props.teamId, props.gameId, {
    team: props.team,
    game: props.game,
  });
  if (!context) {
    if (!known || (userId && pending)) return <PageLoader label={t('tracker.live.loading')} />;
    return (
      <Stack gap="md" maw={640} mx="auto">
        <Title order={1}>{t('tracker.live.title')}</Title>
        <Alert color="yellow" variant="light" role="alert">
          {t('tracker.live.notOffline')}
        </Alert>
        <Button variant="default" onClick={props.onBack} w="fit-content">
          {t('tracker.live.back')}
        </Button>
      </Stack>
    );
  }
  if (!userId) return <PageLoader label={t('tracker.live.loading')} />;
  return <LiveCount {...props} team={context.team} game={context.game} userId={userId} />;
}

function LiveCount(props: LiveCountScreenProps & { team: CurrentTeam; game: Game; userId: string }) {
  const { team, game, userId, pitcherId, onPitcher } = props;
  const t = useT();
  const otherTeamId = game.homeTeamId === team.id ? game.awayTeamId : game.homeTeamId;
  const otherTeamName = (game.homeTeamId === team.id ? game.awayTeamName : game.homeTeamName) ?? null;
  const rosters = useLiveRosters(userId, team.id, game.id, otherTeamId);
  const ruleAnswer = useLiveRule(userId, team.id, game.date);
  const report = ruleAnswer.data;
  const rule: RestRule | null = useMemo(() => (report?.rule ? ruleOfWire(report.rule) : null), [report]);
  const recordOf = (pitcherId: string) =>
    // A copy kept by an older version may have no pitchers: then no record, and no answer yet.
    report?.pitchers?.find((p) => p.playerId === pitcherId)?.record ?? null;
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
  // Ended here, or on another phone: the game's count (followed live) says so at once, before a tap is refused.
  const official = useOfficialCount(game.id, { enabled: true });
  const endedElsewhere = game.state !== 'final' && official.data?.game.state === 'final';
  const over = game.state === 'final' || endedElsewhere;
  const bookRows = gameBookRows(snapshot, team, otherTeamName, credit);
  const waitingHere = taps.filter((tap) => tap.state === 'pending').length;
  const onEnd = () =>
    void endModal.run(async () => {
      // What waits goes first: a tap arriving after the end would be refused.
      await syncSoon();
      const left = (await offlineStore().snapshot(userId, game.id)).taps.filter(
        (tap) => tap.state === 'pending',
      ).length;
      if (left > 0) throw new Error(END_GAME_TEXT.waiting(left, t));
      await updateGame.mutateAsync({ id: game.id, state: 'final' });
      props.onBack();
    }, t('tracker.endGame.failed'));
  const today = localToday();
  const notYet = game.date > today;
  const candidates = pitchersOf(rosters.ours, rosters.theirs, counts, otherTeamId).map((p) => {
    const record = recordOf(p.id);
    if (p.side !== 'ours' || !rule || rule.unit !== 'pitches' || !p.birthDate || !record) return p;
    const { before } = answerInGame({
      rule,
      birthDate: p.birthDate,
      seasonStart: report?.seasonStart ?? null,
      record,
      game,
      count: null,
    });
    return { ...p, before };
  });
  const [holding, setHolding] = useState<{ id: string; name: string; before: TodayAnswer } | null>(null);
  const [holdError, setHoldError] = useState<string | null>(null);
  const [holdNote, setHoldNote] = useState<string | null>(null);
  const confirmChoice = useConfirmPitcherChoice();
  const online = useOnline();
  const choose = (id: string) => {
    const chosen = candidates.find((p) => p.id === id);
    setHoldNote(null);
    if (chosen?.before && !chosen.before.canPitchOnAsOf) {
      setHoldError(null);
      setHolding({ id, name: chosen.name, before: chosen.before });
      return;
    }
    onPitcher(id);
  };
  const onConfirmHold = () => {
    if (!holding) return;
    if (!online) {
      // Counting goes on at the field; the pitches are judged when they reach the server.
      setHoldNote(t('tracker.live.hold.offline'));
      setHolding(null);
      onPitcher(holding.id);
      return;
    }
    setHoldError(null);
    confirmChoice.mutate(
      { gameId: game.id, pitcherId: holding.id },
      {
        onSuccess: () => {
          setHolding(null);
          onPitcher(holding.id);
        },
        onError: (error) =>
          setHoldError(t('tracker.live.hold.failed', { reason: errorMessage(error, t('common.retry')) })),
      },
    );
  };
  const pitcher = pitcherId ? pitcherOf(pitcherId, candidates, taps, rosters.ours, t('tracker.live.pitcher')) : null;

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
      setTapError(t('tracker.live.tapNotKept', { reason: t.said((error as Error).message) }));
    }
  };

  return (
    <Stack gap="sm" maw={640} mx="auto" w="100%">
      <SyncBar
        snapshot={snapshot}
        sync={sync}
        subtitle={t('tracker.live.subtitle', { game: gameTitle(game, team.id, t), team: team.name })}
      />

      {over ? (
        <Alert color="gray" variant="light" role="status">
          {t(endedElsewhere ? 'tracker.endGame.endedElsewhere' : 'tracker.endGame.over')}
        </Alert>
      ) : null}

      {storeError ? (
        <Alert color="red" variant="light" role="alert">
          {t('tracker.live.cannotKeep', { reason: t.said((storeError as Error).message) })}
        </Alert>
      ) : null}

      {notYet ? (
        <Alert color="blue" variant="light" role="status">
          {t('tracker.live.notYet', { date: t.day(game.date, 'weekdayShort') })}
        </Alert>
      ) : pitcher && book ? (
        <>
          <PitcherCount
            pitcher={pitcher}
            side={pitcher.side === 'ours' ? team.name : (otherTeamName ?? t('tracker.live.otherTeam'))}
            onChangePitcher={() => onPitcher(null)}
            book={book}
            game={game}
            rule={rule}
            ruleLoaded={ruleAnswer.data !== undefined}
            ruleName={report?.ruleName ?? null}
            seasonStart={report?.seasonStart ?? null}
            record={recordOf(pitcher.id)}
            credit={credit}
            snapshot={snapshot}
            server={serverOf(book)}
          />
          {tapError ? (
            <Alert color="red" variant="light" role="alert">
              {tapError}
            </Alert>
          ) : null}
          {holdNote ? (
            <Alert color="yellow" variant="light" role="status">
              {holdNote}
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
          // Our pitchers wait for their record too: a pitcher chosen before it came would skip the warning.
          loading={side === 'ours' ? rosters.oursPending || ruleAnswer.pending : rosters.theirsPending}
          theirRosterHidden={side === 'theirs' && (rosters.theirs?.length ?? 0) === 0}
          onPitcher={choose}
        />
      )}
      <HoldModal
        pitcher={holding}
        ruleName={report?.ruleName ?? null}
        busy={confirmChoice.isPending}
        error={holdError}
        onCancel={() => setHolding(null)}
        onConfirm={onConfirmHold}
      />

      <NotAccepted refused={snapshot?.refused ?? []} />
      <GameBooks rows={bookRows} />
      <FinalCountsPanel team={team} gameId={game.id} changeKey={countsKeyOf(counts)} />
      <Group gap="sm">
        <Button variant="default" size="md" onClick={props.onBack}>
          {t('tracker.live.back')}
        </Button>
        {!over && !notYet && hasAbility(me.data, 'Mutation.updateGame') ? (
          <Button size="md" color="red" variant="light" onClick={() => endModal.open('edit')}>
            {t('tracker.endGame.button')}
          </Button>
        ) : null}
      </Group>
      <EndGameModal
        modal={endModal}
        title={gameTitle(game, team.id, t)}
        pitched={bookRows.filter((row) => row.bookTeamId === team.id)}
        waiting={waitingHere}
        onEnd={onEnd}
      />
    </Stack>
  );
}
