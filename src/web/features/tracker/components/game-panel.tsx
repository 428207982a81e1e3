import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { LoadFailed } from '../../../components/admin/admin-page.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { ChangedAfterSigning, ChangeHistorySection } from '../../../components/change-history.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { localToday } from '../../../lib/format.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { ruleOfWire } from '../../../lib/rule-of-wire.ts';
import { useSeasons } from '../../../lib/season-options.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import type { Game } from '../api/list-games.ts';
import { type Outing, useGameOutings } from '../api/list-pitch-outings.ts';
import { useRoster } from '../api/list-roster.ts';
import { type GameStatusReport, useChildrenPitcherStatus, useGamePitcherStatus } from '../api/pitcher-status.ts';
import { AddOutingForm } from './add-outing-form.tsx';
import { FinalCountsPanel } from './final-counts-panel.tsx';
import { GameHeader } from './game-header.tsx';
import { gameTitle } from './game-words.ts';
import { OutingModals } from './outing-modals.tsx';
import { OutingsTable } from './outings-table.tsx';
import type { RuleState } from './rest-preview.tsx';

export interface GamePanelProps {
  team: CurrentTeam;
  game: Game;
  /** The heading, focused when a game is opened (keyboard and screen-reader users land on it). */
  headingRef?: Ref<HTMLHeadingElement>;
  /** Opens the live counting view of the game ('Count live'). */
  onCountLive?: () => void;
}

/** One game: its outings with the rest each owes, and the form to add one. */
export function GamePanel({ team, game, headingRef, onCountLive }: GamePanelProps) {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const can = (operation: string) => hasAbility(me.data, operation);
  const outings = useGameOutings(game.id);
  const roster = useRoster(team.id);
  // A parent reads their own children's outings only (the list counted those too).
  const childrenOnly = (me.data?.roles ?? []).every((role) => role === 'parent');
  const children = [...new Set((outings.data ?? []).map((o) => o.playerId))];
  const teamStatus = useGamePitcherStatus(team.id, game.date, can('Query.pitcherStatus') && !childrenOnly);
  const childStatus = useChildrenPitcherStatus(children, game.date, can('Query.pitcherStatus') && childrenOnly);
  const status = childrenOnly ? childStatus : teamStatus;
  const seasons = useSeasons(team.organizationId);
  const seasonStart = seasons.data?.find((s) => s.id === game.seasonId)?.startDate;
  const modal = useAdminModal<Outing>();

  const ours = (outings.data ?? []).filter((o) => o.teamId === team.id);
  const recorded = new Set(ours.map((o) => o.playerId));
  const ruleState = ruleStateOf(t, status);
  // Offered only what the server takes: a signed game's counts are an admin's to change, and nothing is
  // recorded for a game dated after today (the calendar holds; the server says the league's today).
  const roles = me.data?.roles ?? [];
  const locked =
    game.withdrawnAt !== null || (game.signed && !roles.some((role) => role === 'SuperAdmin' || role === 'admin'));
  const notYet = game.date > localToday();
  const canLog = can('Mutation.createPitchOuting') && !locked && !notYet;
  const canCorrect = can('Mutation.updatePitchOuting') && !locked;
  // The outing as last read: after a refused save (someone changed it meanwhile) the list is read
  // again, and the form shows their change and sends its version.
  const current = (outing: Outing | null) =>
    outing ? ((outings.data ?? []).find((o) => o.id === outing.id) ?? outing) : null;

  return (
    <Stack gap="lg" component="section" aria-labelledby="game-heading">
      <GameHeader
        team={team}
        game={game}
        headingRef={headingRef}
        onCountLive={onCountLive}
        can={can}
        childrenOnly={childrenOnly}
      />

      {game.withdrawnAt ? (
        <Alert color="gray" variant="light">
          {t('games.game.withdrawn', { reason: game.withdrawnReason ?? '' })}
        </Alert>
      ) : locked ? (
        <Alert color="gray" variant="light">
          {t('games.game.signedLocked')}
        </Alert>
      ) : game.state === 'final' ? (
        <Alert color="gray" variant="light">
          {t(canCorrect ? 'games.game.overCorrect' : 'games.game.over')}
        </Alert>
      ) : null}
      {notYet && can('Mutation.createPitchOuting') ? (
        <Alert color="blue" variant="light">
          {t('games.game.notYet', { date: t.day(game.date, 'weekdayShort') })}
        </Alert>
      ) : null}

      {/* A signed game's counts changed since (an admin's correction): both dugouts see it flagged. */}
      {can('Query.changeHistory') && !childrenOnly && game.signed ? <ChangedAfterSigning gameId={game.id} /> : null}

      <Stack gap="sm">
        <Title order={3}>{t('games.outings.title')}</Title>
        {childrenOnly ? (
          <Text size="sm" c="dimmed">
            {t('games.outings.childrenOnly')}
          </Text>
        ) : null}
        {outings.isPending ? (
          <PageLoader label={t('games.outings.loading')} />
        ) : outings.isError ? (
          <LoadFailed error={outings.error} fallback={t('games.outings.loadFailed')} />
        ) : (
          <OutingsTable
            outings={ours}
            childrenOnly={childrenOnly}
            status={status.data}
            canCorrect={canCorrect}
            canDelete={can('Mutation.deletePitchOuting') && !locked}
            onCorrect={(outing) => modal.open('edit', outing)}
            onDelete={(outing) => modal.open('delete', outing)}
          />
        )}
      </Stack>

      {canLog ? (
        roster.isError ? (
          <LoadFailed error={roster.error} fallback={t('games.game.rosterLoadFailed')} />
        ) : (
          <AddOutingForm
            key={game.id}
            teamId={team.id}
            game={game}
            players={(roster.data ?? []).filter((p) => !recorded.has(p.id))}
            ruleState={ruleState}
            {...(seasonStart ? { seasonStart } : {})}
          />
        )
      ) : null}

      {/* Both teams' signatures on the game's counts; an outing saved here may change them. */}
      <FinalCountsPanel
        team={team}
        gameId={game.id}
        headingOrder={3}
        changeKey={String(outings.dataUpdatedAt)}
        followCounts
      />

      {can('Query.changeHistory') && !childrenOnly ? (
        <ChangeHistorySection
          subject={{ gameId: game.id }}
          label={t('games.game.historyOf', { game: gameTitle(t, game, team.id) })}
        />
      ) : null}

      <OutingModals modal={modal} current={current} />
    </Stack>
  );
}

/** The preview's rule: the one the server's status says the team plays by. */
function ruleStateOf(
  t: Translate,
  status: { data: GameStatusReport | undefined; isError: boolean; error: unknown },
): RuleState {
  if (status.isError)
    return { kind: 'error', message: adminErrorMessage(status.error, t('games.preview.ruleLoadFailed')) };
  if (!status.data) return { kind: 'loading' };
  return status.data.rule ? { kind: 'rule', rule: ruleOfWire(status.data.rule) } : { kind: 'none' };
}
