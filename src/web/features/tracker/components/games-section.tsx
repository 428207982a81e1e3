import { Alert, Button, Group, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useCreateGame } from '../api/create-game.ts';
import { useDeleteGame } from '../api/delete-game.ts';
import type { Game } from '../api/list-games.ts';
import { useOpponentTeams } from '../api/list-opponent-teams.ts';
import { useUpdateGame } from '../api/update-game.ts';
import { DeleteGameModal } from './delete-game-modal.tsx';
import { GameFormModal } from './game-form-modal.tsx';
import { GAME_STATE_LABELS, gameTitle, opponentOf, TRACKER_TEXT } from './labels.ts';

/** Games listed before 'Show all': the season's latest and next ones. */
const GAMES_SHOWN = 10;

export interface GamesSectionProps {
  team: CurrentTeam;
  games: UseQueryResult<Game[]>;
  selectedId: string | null;
  onOpen: (gameId: string) => void;
  /** The open game was deleted. */
  onDeleted: (gameId: string) => void;
}

/** 'Games': the team's games, newest first; New Game, Edit and Delete where the user may. */
export function GamesSection({ team, games, selectedId, onOpen, onDeleted }: GamesSectionProps) {
  const me = useQuery(meQueryOptions);
  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const modal = useAdminModal<Game>();
  const create = useCreateGame();
  const update = useUpdateGame();
  const remove = useDeleteGame();
  const formOpen = modal.mode === 'add' || modal.mode === 'edit';
  const phone = usePhone();
  const opponents = useOpponentTeams(team.id, formOpen && hasAbility(me.data, 'Query.listOpponentTeams'));
  const target = modal.target;
  const [showAll, setShowAll] = useState(false);
  // The newest games first; the open one stays listed.
  const shown =
    showAll || !games.data ? (games.data ?? []) : games.data.filter((g, i) => i < GAMES_SHOWN || g.id === selectedId);

  const actions = (game: Game) => (
    <Group gap="xs" wrap="nowrap">
      {can('updateGame') ? (
        <Button
          size="sm"
          variant="default"
          aria-label={`Edit game of ${gameTitle(game, team.id)}`}
          onClick={() => modal.open('edit', game)}
        >
          Edit
        </Button>
      ) : null}
      {can('deleteGame') ? (
        <Button
          size="sm"
          variant="default"
          color="red"
          aria-label={`Delete game of ${gameTitle(game, team.id)}`}
          onClick={() => modal.open('delete', game)}
        >
          Delete
        </Button>
      ) : null}
    </Group>
  );
  const openButton = (game: Game) => {
    const open = game.id === selectedId;
    return (
      <Button
        size="sm"
        variant={open ? 'filled' : 'light'}
        aria-label={`Open game of ${gameTitle(game, team.id)}`}
        aria-pressed={open}
        onClick={() => onOpen(game.id)}
      >
        Open
      </Button>
    );
  };

  let body: ReactNode;
  if (games.isPending) body = <PageLoader label="Loading games" />;
  else if (games.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(games.error, 'Failed to load games')}
      </Alert>
    );
  } else if (phone) {
    // A phone: one card a game, everything a coach needs in sight (a table hid the opponent and the actions).
    body = (
      <Stack gap="xs" component="ul" aria-label="Games" p={0} m={0} style={{ listStyle: 'none' }}>
        {games.data.length === 0 ? (
          <Text component="li" size="sm" c="dimmed">
            No games yet for the {team.name}.
          </Text>
        ) : null}
        {shown.map((game) => (
          <Paper
            key={game.id}
            component="li"
            withBorder
            p="sm"
            bg={game.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}
          >
            <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
              <Stack gap={2} style={{ minWidth: 0 }}>
                <Title order={3} size="h5">
                  {formatDate(game.date)}
                  {game.startTime ? ` · ${game.startTime}` : ''}
                </Title>
                <Text size="sm">{opponentOf(game, team.id).label}</Text>
                <Text size="sm" c="dimmed">
                  {game.outingCount === 1 ? '1 outing' : `${game.outingCount} outings`} ·{' '}
                  {GAME_STATE_LABELS[game.state]}
                </Text>
              </Stack>
              {openButton(game)}
            </Group>
            {can('updateGame') || can('deleteGame') ? <Group mt="xs">{actions(game)}</Group> : null}
          </Paper>
        ))}
      </Stack>
    );
  } else {
    body = (
      <Table.ScrollContainer minWidth={700} type="native">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Games">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <VisuallyHidden>Open</VisuallyHidden>
              </Table.Th>
              <Table.Th scope="col">Date</Table.Th>
              <Table.Th scope="col">Start time</Table.Th>
              <Table.Th scope="col">Opponent</Table.Th>
              <Table.Th scope="col">Outings</Table.Th>
              <Table.Th scope="col">Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {games.data.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={6}>
                  <Text size="sm" c="dimmed">
                    No games yet for the {team.name}.
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {shown.map((game) => {
              const open = game.id === selectedId;
              return (
                <Table.Tr key={game.id} bg={open ? 'var(--mantine-color-blue-light)' : undefined}>
                  <Table.Td>{openButton(game)}</Table.Td>
                  <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
                    {formatDate(game.date)}
                  </Table.Th>
                  <Table.Td>{game.startTime ?? '—'}</Table.Td>
                  <Table.Td>{opponentOf(game, team.id).label}</Table.Td>
                  <Table.Td>{game.outingCount}</Table.Td>
                  <Table.Td>{actions(game)}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }
  const hidden = (games.data?.length ?? 0) - shown.length;

  return (
    <Stack gap="sm" component="section" aria-labelledby="games-heading">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} id="games-heading">
          Games
        </Title>
        {can('createGame') ? (
          <Button size="md" onClick={() => modal.open('add')}>
            + New Game
          </Button>
        ) : null}
      </Group>
      {body}
      {hidden > 0 ? (
        <Group>
          <Button variant="subtle" size="sm" onClick={() => setShowAll(true)}>
            Show all {games.data?.length} games
          </Button>
        </Group>
      ) : null}

      <GameFormModal
        opened={formOpen}
        teamId={team.id}
        game={modal.mode === 'edit' ? target : null}
        opponents={opponents.data ?? []}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onSave={(fields, reason) => {
          if (modal.mode === 'edit' && target) {
            void modal.run(
              () =>
                update.mutateAsync({
                  id: target.id,
                  version: target.version,
                  ...fields,
                  ...(reason ? { reason } : {}),
                }),
              TRACKER_TEXT.saveFailed,
            );
          } else {
            void modal.run(async () => {
              const created = await create.mutateAsync(fields);
              onOpen(created.id);
            }, TRACKER_TEXT.saveFailed);
          }
        }}
      />

      <DeleteGameModal
        game={modal.mode === 'delete' ? target : null}
        teamId={team.id}
        busy={modal.busy}
        error={modal.error}
        onClose={modal.close}
        onProblem={modal.setError}
        onDelete={(reason) =>
          target &&
          modal.run(async () => {
            await remove.mutateAsync({ id: target.id, version: target.version, ...(reason ? { reason } : {}) });
            onDeleted(target.id);
          }, TRACKER_TEXT.deleteFailed)
        }
      />
    </Stack>
  );
}
