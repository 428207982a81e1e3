import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { pitchLogPath, plateCardPath } from '../../../../core/paths.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { ChangedAfterSigning, ChangeHistorySection } from '../../../components/change-history.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import tableClasses from '../../../components/table.module.css';
import { formatDate } from '../../../lib/format.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { ruleOfWire } from '../../../lib/rule-of-wire.ts';
import { useSeasons } from '../../../lib/season-options.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useDeletePitchOuting } from '../api/delete-pitch-outing.ts';
import type { Game } from '../api/list-games.ts';
import { type Outing, useGameOutings } from '../api/list-pitch-outings.ts';
import { useRoster } from '../api/list-roster.ts';
import { type GameStatusReport, useChildrenPitcherStatus, useGamePitcherStatus } from '../api/pitcher-status.ts';
import { useUpdatePitchOuting } from '../api/update-pitch-outing.ts';
import { AddOutingForm } from './add-outing-form.tsx';
import { CorrectOutingModal } from './correct-outing-modal.tsx';
import { DeleteOutingModal } from './delete-outing-modal.tsx';
import { FinalCountsPanel } from './final-counts-panel.tsx';
import {
  daysText,
  END_GAME_TEXT,
  formatDay,
  GAME_STATE_LABELS,
  gameTitle,
  inningsText,
  playerLabel,
  TRACKER_TEXT,
} from './labels.ts';
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
  const update = useUpdatePitchOuting();
  const remove = useDeletePitchOuting();

  const ours = (outings.data ?? []).filter((o) => o.teamId === team.id);
  const recorded = new Set(ours.map((o) => o.playerId));
  const ruleState = ruleStateOf(status);
  const canLog = can('Mutation.createPitchOuting');
  // The outing as last read: after a refused save (someone changed it meanwhile) the list is read
  // again, and the form shows their change and sends its version.
  const current = (outing: Outing | null) =>
    outing ? ((outings.data ?? []).find((o) => o.id === outing.id) ?? outing) : null;

  return (
    <Stack gap="lg" component="section" aria-labelledby="game-heading">
      <Group justify="space-between" align="flex-start" gap="sm">
        <div>
          <Title
            order={2}
            id="game-heading"
            ref={headingRef}
            tabIndex={-1}
            style={{ outline: 'none', scrollMarginTop: 72 }}
          >
            Game of {gameTitle(game, team.id)}
          </Title>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" c="dimmed">
              {formatDate(game.date)}
              {game.startTime ? ` at ${game.startTime}` : ''} · {team.name} ({team.leagueName})
            </Text>
            <Badge
              variant="light"
              color={game.state === 'final' ? 'dark' : 'blue'}
              aria-label={`State: ${GAME_STATE_LABELS[game.state]}`}
            >
              {GAME_STATE_LABELS[game.state]}
            </Badge>
          </Group>
        </div>
        <Group gap="sm">
          {can('Query.gamePitchLog') ? (
            <Button
              size="md"
              variant="default"
              component={Link}
              to={`${pitchLogPath(game.id)}?${new URLSearchParams({ team: team.id })}`}
              aria-label={`Pitch log of ${gameTitle(game, team.id)}`}
            >
              Pitch log
            </Button>
          ) : null}
          {can('Query.plateCard') && !childrenOnly ? (
            <Button
              size="md"
              variant="default"
              component={Link}
              to={plateCardPath(team.id)}
              aria-label={`Plate card of ${team.name}`}
            >
              Plate card
            </Button>
          ) : null}
          {onCountLive && game.state !== 'final' && can('Mutation.submitPitchEvents') ? (
            <Button size="md" onClick={onCountLive}>
              Count live
            </Button>
          ) : null}
        </Group>
      </Group>

      {game.state === 'final' ? (
        <Alert color="gray" variant="light">
          {END_GAME_TEXT.over}
        </Alert>
      ) : null}

      {/* A signed game's counts changed since (an admin's correction): both dugouts see it flagged. */}
      {can('Query.changeHistory') && !childrenOnly && game.signed ? <ChangedAfterSigning gameId={game.id} /> : null}

      <Stack gap="sm">
        <Title order={3}>Outings</Title>
        {childrenOnly ? (
          <Text size="sm" c="dimmed">
            {TRACKER_TEXT.childrenOnly}
          </Text>
        ) : null}
        {outings.isPending ? (
          <PageLoader label="Loading outings" />
        ) : outings.isError ? (
          <Alert color="red" variant="light" role="alert">
            {adminErrorMessage(outings.error, 'Failed to load outings')}
          </Alert>
        ) : (
          <OutingsTable
            outings={ours}
            childrenOnly={childrenOnly}
            status={status.data}
            canCorrect={can('Mutation.updatePitchOuting')}
            canDelete={can('Mutation.deletePitchOuting')}
            onCorrect={(outing) => modal.open('edit', outing)}
            onDelete={(outing) => modal.open('delete', outing)}
          />
        )}
      </Stack>

      {canLog ? (
        roster.isError ? (
          <Alert color="red" variant="light" role="alert">
            {adminErrorMessage(roster.error, 'Failed to load the roster')}
          </Alert>
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
        <ChangeHistorySection subject={{ gameId: game.id }} label={`the game of ${gameTitle(game, team.id)}`} />
      ) : null}

      <CorrectOutingModal
        outing={modal.mode === 'edit' ? current(modal.target) : null}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onSave={(input) => {
          const target = current(modal.target);
          if (target) {
            void modal.run(
              () => update.mutateAsync({ id: target.id, version: target.version, ...input }),
              TRACKER_TEXT.saveFailed,
            );
          }
        }}
      />
      <DeleteOutingModal
        outing={modal.mode === 'delete' ? current(modal.target) : null}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onDelete={(reason) => {
          const target = current(modal.target);
          if (target) {
            void modal.run(
              () => remove.mutateAsync({ id: target.id, reason, version: target.version }),
              TRACKER_TEXT.deleteFailed,
            );
          }
        }}
      />
    </Stack>
  );
}

/** The preview's rule: the one the server's status says the team plays by. */
function ruleStateOf(status: { data: GameStatusReport | undefined; isError: boolean; error: unknown }): RuleState {
  if (status.isError)
    return { kind: 'error', message: adminErrorMessage(status.error, 'Failed to load the rest rule') };
  if (!status.data) return { kind: 'loading' };
  return status.data.rule ? { kind: 'rule', rule: ruleOfWire(status.data.rule) } : { kind: 'none' };
}

function OutingsTable(props: {
  outings: Outing[];
  childrenOnly: boolean;
  status: GameStatusReport | undefined;
  canCorrect: boolean;
  canDelete: boolean;
  onCorrect: (outing: Outing) => void;
  onDelete: (outing: Outing) => void;
}) {
  const { outings, status } = props;
  const phone = usePhone();
  const restOf = (outing: Outing) =>
    status?.ruleName
      ? status.pitchers.find((p) => p.playerId === outing.playerId)?.recentOutings.find((r) => r.outingId === outing.id)
      : undefined;
  // Thumb-sized on a phone's cards, compact in the table so its columns fit 1280 px.
  const actions = (outing: Outing, size: 'sm' | 'compact-sm' = 'compact-sm') => (
    <Group gap="xs" wrap="nowrap">
      {props.canCorrect ? (
        <Button
          size={size}
          variant="default"
          aria-label={`Correct outing of ${outing.playerName}`}
          onClick={() => props.onCorrect(outing)}
        >
          Correct
        </Button>
      ) : null}
      {props.canDelete ? (
        <Button
          size={size}
          variant="default"
          color="red"
          aria-label={`Delete outing of ${outing.playerName}`}
          onClick={() => props.onDelete(outing)}
        >
          Delete
        </Button>
      ) : null}
    </Group>
  );
  const recorded = (outing: Outing) =>
    outing.corrections.length > 0
      ? `${outing.recordedByName}, corrected ${outing.corrections.length}×`
      : outing.recordedByName;

  if (phone) {
    // A phone: a card an outing, the pitches, rest and next eligible date first (a table cut them off).
    return (
      <Stack gap="xs" component="ul" aria-label="Outings" p={0} m={0} style={{ listStyle: 'none' }}>
        {outings.length === 0 ? (
          <Text component="li" size="sm" c="dimmed">
            {props.childrenOnly ? TRACKER_TEXT.noChildOutings : TRACKER_TEXT.noOutings}
          </Text>
        ) : null}
        {outings.map((outing) => {
          const rest = restOf(outing);
          return (
            <Paper key={outing.id} component="li" withBorder p="sm">
              <Group justify="space-between" wrap="nowrap" align="baseline">
                <Title order={4} size="h5">
                  {playerLabel(outing.jerseyNumber, outing.playerName)}
                </Title>
                <Text fw={700} style={{ whiteSpace: 'nowrap' }}>
                  {outing.pitches === 1 ? '1 pitch' : `${outing.pitches} pitches`}
                </Text>
              </Group>
              <Text size="sm">
                {rest
                  ? `Rest owed: ${daysText(rest.daysRest)} · Next eligible: ${formatDay(rest.firstEligibleDate)}`
                  : 'Rest owed: —'}
              </Text>
              <Text size="sm" c="dimmed">
                Innings pitched {inningsText(outing.pitchedInnings)} · caught {inningsText(outing.caughtInnings)} · outs{' '}
                {outing.outs} · intentional walks {outing.intentionalWalks}
                {outing.pitchesBeforeLastBatter === null
                  ? ''
                  : ` · before last batter ${outing.pitchesBeforeLastBatter}`}
              </Text>
              <Text size="xs" c="dimmed">
                Recorded by {recorded(outing)}
              </Text>
              {props.canCorrect || props.canDelete ? <Group mt="xs">{actions(outing, 'sm')}</Group> : null}
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <Table.ScrollContainer minWidth={940} type="native">
      <Table verticalSpacing="sm" horizontalSpacing={8} highlightOnHover aria-label="Outings">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Player</Table.Th>
            <Table.Th scope="col">Pitches</Table.Th>
            <Table.Th scope="col">Rest owed</Table.Th>
            <Table.Th scope="col">Next eligible</Table.Th>
            <Table.Th scope="col">Before last batter</Table.Th>
            <Table.Th scope="col">Innings pitched</Table.Th>
            <Table.Th scope="col">Innings caught</Table.Th>
            <Table.Th scope="col">Outs</Table.Th>
            <Table.Th scope="col">Intentional walks</Table.Th>
            <Table.Th scope="col">Recorded by</Table.Th>
            <Table.Th scope="col" className={tableClasses.actions}>
              Actions
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {outings.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={11}>
                <Text size="sm" c="dimmed">
                  {props.childrenOnly ? TRACKER_TEXT.noChildOutings : TRACKER_TEXT.noOutings}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {outings.map((outing) => {
            const rest = restOf(outing);
            const name = playerLabel(outing.jerseyNumber, outing.playerName);
            return (
              <Table.Tr key={outing.id}>
                <Table.Th scope="row" fw={500}>
                  {name}
                </Table.Th>
                <Table.Td>{outing.pitches}</Table.Td>
                <Table.Td style={{ whiteSpace: 'nowrap' }}>{rest ? daysText(rest.daysRest) : '—'}</Table.Td>
                <Table.Td>{rest ? formatDay(rest.firstEligibleDate) : '—'}</Table.Td>
                <Table.Td>{outing.pitchesBeforeLastBatter ?? '—'}</Table.Td>
                <Table.Td>{inningsText(outing.pitchedInnings)}</Table.Td>
                <Table.Td>{inningsText(outing.caughtInnings)}</Table.Td>
                <Table.Td>{outing.outs}</Table.Td>
                <Table.Td>{outing.intentionalWalks}</Table.Td>
                <Table.Td>
                  {outing.recordedByName}
                  {outing.corrections.length > 0 ? (
                    <Text size="xs" c="dimmed">
                      corrected {outing.corrections.length}×
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td className={tableClasses.actions}>{actions(outing)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
