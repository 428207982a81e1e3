import { Badge, Button, Checkbox, Group, Stack, Table, Text, Title } from '@mantine/core';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { LoadFailed } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { RowActions } from '../../../components/admin/row-actions.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { CurrentTeam } from '../../../lib/team-options.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import type { Game } from '../api/list-games.ts';
import { GameCards } from './game-cards.tsx';
import { GameModals } from './game-modals.tsx';
import { gameTitle, opponentOf } from './game-words.ts';

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
  const t = useT();
  const me = useQuery(meQueryOptions);
  const can = (operation: string) => hasAbility(me.data, `Mutation.${operation}`);
  const modal = useAdminModal<Game>();
  const phone = usePhone();
  const [showAll, setShowAll] = useState(false);
  const [showWithdrawn, setShowWithdrawn] = useState(false);
  // A withdrawn game is kept for its history: listed, marked, when asked for (and while it is open).
  const withdrawnCount = (games.data ?? []).filter((g) => g.withdrawnAt).length;
  const listed = (games.data ?? []).filter((g) => showWithdrawn || !g.withdrawnAt || g.id === selectedId);
  // The newest games first; the open one stays listed.
  const shown = showAll ? listed : listed.filter((g, i) => i < GAMES_SHOWN || g.id === selectedId);

  const actions = (game: Game) =>
    game.withdrawnAt ? (
      <Badge
        color="gray"
        variant="outline"
        c="var(--mantine-color-text)"
        tt="none"
        title={game.withdrawnReason ?? undefined}
      >
        {t('games.list.withdrawn')}
      </Badge>
    ) : (
      <RowActions
        size="sm"
        wrap="nowrap"
        actions={[
          can('updateGame') && {
            label: t('common.edit'),
            name: t('games.list.editGame', { game: gameTitle(t, game, team.id) }),
            onClick: () => modal.open('edit', game),
          },
          can('deleteGame') && {
            label: t('common.delete'),
            name: t('games.list.deleteGame', { game: gameTitle(t, game, team.id) }),
            onClick: () => modal.open('delete', game),
            danger: true,
          },
        ]}
      />
    );
  const openButton = (game: Game) => {
    const open = game.id === selectedId;
    return (
      <Button
        size="sm"
        variant={open ? 'filled' : 'light'}
        // Beside a card's words on a phone: they wrap, the button keeps its width.
        style={{ flexShrink: 0 }}
        aria-label={t('games.list.openGame', { game: gameTitle(t, game, team.id) })}
        aria-pressed={open}
        onClick={() => onOpen(game.id)}
      >
        {t('games.list.open')}
      </Button>
    );
  };

  let body: ReactNode;
  if (games.isPending) body = <PageLoader label={t('games.list.loading')} />;
  else if (games.isError) body = <LoadFailed error={games.error} fallback={t('games.list.loadFailed')} />;
  else if (phone) {
    // A phone: one card a game, everything a coach needs in sight (a table hid the opponent and the actions).
    body = (
      <GameCards
        team={team}
        games={shown}
        none={listed.length === 0}
        selectedId={selectedId}
        openButton={openButton}
        actions={can('updateGame') || can('deleteGame') ? actions : null}
      />
    );
  } else {
    body = (
      <AdminTable
        minWidth={700}
        verticalSpacing="sm"
        highlightOnHover
        aria-label={t('games.list.title')}
        columns={[
          { label: t('games.list.open'), hidden: true },
          t('games.list.date'),
          t('games.list.startTime'),
          t('games.list.opponent'),
          t('games.list.outings'),
          t('common.actions'),
        ]}
        empty={listed.length === 0 && t('games.list.none', { team: team.name })}
      >
        {shown.map((game) => (
          <Table.Tr key={game.id} bg={game.id === selectedId ? 'var(--mantine-color-blue-light)' : undefined}>
            <Table.Td>{openButton(game)}</Table.Td>
            <Table.Th scope="row" fw={500} style={{ whiteSpace: 'nowrap' }}>
              {formatDate(game.date)}
            </Table.Th>
            <Table.Td>{game.startTime ? t.clock(game.startTime) : '—'}</Table.Td>
            <Table.Td>
              {opponentOf(t, game, team.id).label}
              {game.withdrawnAt ? (
                <Text size="xs" c="dimmed">
                  {t('games.list.withdrawnBecause', { reason: game.withdrawnReason ?? '' })}
                </Text>
              ) : null}
            </Table.Td>
            <Table.Td>{game.outingCount}</Table.Td>
            <Table.Td>{actions(game)}</Table.Td>
          </Table.Tr>
        ))}
      </AdminTable>
    );
  }
  const hidden = listed.length - shown.length;

  return (
    <Stack gap="sm" component="section" aria-labelledby="games-heading">
      <Group justify="space-between" align="center" gap="sm">
        <Title order={2} id="games-heading">
          {t('games.list.title')}
        </Title>
        {can('createGame') ? (
          <Button size="md" onClick={() => modal.open('add')}>
            {t('games.list.newGame')}
          </Button>
        ) : null}
      </Group>
      {body}
      {hidden > 0 || withdrawnCount > 0 ? (
        <Group justify="space-between">
          {hidden > 0 ? (
            <Button variant="subtle" size="sm" onClick={() => setShowAll(true)}>
              {t('games.list.showAll', { count: listed.length })}
            </Button>
          ) : (
            <span />
          )}
          {withdrawnCount > 0 ? (
            <Checkbox
              label={t('games.list.showWithdrawn', { count: withdrawnCount })}
              checked={showWithdrawn}
              onChange={(event) => setShowWithdrawn(event.currentTarget.checked)}
            />
          ) : null}
        </Group>
      ) : null}

      <GameModals modal={modal} team={team} onOpen={onOpen} onDeleted={onDeleted} />
    </Stack>
  );
}
