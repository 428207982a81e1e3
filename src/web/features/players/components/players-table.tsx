import { Badge, Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { type RowAction, RowActions } from '../../../components/admin/row-actions.tsx';
import tableClasses from '../../../components/table.module.css';
import { formatDate, formatDayOf } from '../../../lib/format.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { teamLabel } from '../../../lib/team-options.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import type { Player } from '../api/list-players.ts';

/** 'Removal asked by Pat Lee on Apr 12, 2027' (docs/decisions/0047-a-parent-asks-to-remove-a-child.md). */
export function removalAskedWords(t: Translate, request: NonNullable<Player['removalRequest']>): string {
  return t('players.removalAsked.by', {
    name: request.requestedByName,
    date: formatDayOf(request.requestedAt),
  });
}

/** A parent asked the league to remove the child: the admin who removes them sees it on the row. */
function RemovalAsked({ player }: { player: Player }) {
  const t = useT();
  if (!player.removalRequest) return null;
  return (
    <Badge
      color="red.9"
      variant="outline"
      tt="none"
      size="sm"
      styles={{ label: { overflow: 'visible' } }}
      title={removalAskedWords(t, player.removalRequest)}
    >
      {t('players.removalAsked.badge')}
    </Badge>
  );
}

/** The players of a season's roster, their teams of that season, parents and the actions this user may take. */
export function PlayersTable({
  rows,
  seasonId,
  searched,
  busy,
  actions,
}: {
  rows: Player[];
  seasonId: string;
  /** A search is applied: the empty line says no one matches. */
  searched: boolean;
  /** The list is being read again. */
  busy: boolean;
  actions: (player: Player) => (RowAction | false)[];
}) {
  const t = useT();
  const phone = usePhone();
  const empty = t(searched ? 'players.table.noMatch' : 'players.table.empty');
  const teamsOf = (player: Player) =>
    player.teams
      .filter((team) => team.seasonId === seasonId)
      .map((team) => teamLabel(team))
      .join(', ');
  if (phone) {
    // One card a player on a phone: a table of seven columns scrolled the actions out of sight.
    return (
      <Stack
        gap="xs"
        component="ul"
        aria-label={t('players.table.label')}
        aria-busy={busy}
        p={0}
        m={0}
        style={{ listStyle: 'none' }}
      >
        {rows.length === 0 ? (
          <Text component="li" size="sm" c="dimmed">
            {empty}
          </Text>
        ) : null}
        {rows.map((player) => (
          <Paper key={player.id} component="li" withBorder p="sm">
            <Title order={3} size="h5">
              {player.lastName}, {player.firstName}
              {player.jerseyNumber ? ` · #${player.jerseyNumber}` : ''}
            </Title>
            {player.removalRequest ? (
              <Text size="sm" c="red.9">
                {removalAskedWords(t, player.removalRequest)}
              </Text>
            ) : null}
            <Text size="sm">
              {t('players.field.birthDate')}: {formatDate(player.birthDate)} · {t('players.field.leagueAge')}:{' '}
              {player.leagueAge}
            </Text>
            <Text size="sm">
              {t('players.field.team')}: {teamsOf(player) || '—'}
            </Text>
            <Group gap="xs" mt={4}>
              <Text size="sm">{t('players.field.parents')}:</Text>
              <AdminBubbles users={player.guardians} />
            </Group>
            <Box mt="xs">
              <RowActions actions={actions(player)} />
            </Box>
          </Paper>
        ))}
      </Stack>
    );
  }
  return (
    <AdminTable
      minWidth={940}
      striped
      highlightOnHover
      verticalSpacing="xs"
      aria-label={t('players.table.label')}
      aria-busy={busy}
      columns={[
        t('common.name'),
        t('players.field.birthDate'),
        t('players.field.leagueAge'),
        t('players.field.jersey'),
        t('players.field.team'),
        t('players.field.parents'),
        { label: t('common.actions'), className: tableClasses.actions },
      ]}
      empty={rows.length === 0 && empty}
    >
      {rows.map((player) => (
        <Table.Tr key={player.id}>
          <Table.Th scope="row" fw={500}>
            {player.lastName}, {player.firstName}
            {player.removalRequest ? (
              <>
                {' '}
                <RemovalAsked player={player} />
              </>
            ) : null}
          </Table.Th>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(player.birthDate)}</Table.Td>
          <Table.Td>{player.leagueAge}</Table.Td>
          <Table.Td>{player.jerseyNumber ?? ''}</Table.Td>
          <Table.Td>{teamsOf(player) || '—'}</Table.Td>
          <Table.Td>
            <AdminBubbles users={player.guardians} />
          </Table.Td>
          <Table.Td className={tableClasses.actions}>
            <RowActions compact wrap="nowrap" actions={actions(player)} />
          </Table.Td>
        </Table.Tr>
      ))}
    </AdminTable>
  );
}
