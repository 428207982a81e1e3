import { Table } from '@mantine/core';
import { AdminBubbles } from '../../../components/admin/admin-bubbles.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { type RowAction, RowActions } from '../../../components/admin/row-actions.tsx';
import tableClasses from '../../../components/table.module.css';
import { formatDate } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { teamLabel } from '../../../lib/team-options.ts';
import type { Player } from '../api/list-players.ts';

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
      empty={rows.length === 0 && t(searched ? 'players.table.noMatch' : 'players.table.empty')}
    >
      {rows.map((player) => (
        <Table.Tr key={player.id}>
          <Table.Th scope="row" fw={500}>
            {player.lastName}, {player.firstName}
          </Table.Th>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(player.birthDate)}</Table.Td>
          <Table.Td>{player.leagueAge}</Table.Td>
          <Table.Td>{player.jerseyNumber ?? ''}</Table.Td>
          <Table.Td>
            {player.teams
              .filter((team) => team.seasonId === seasonId)
              .map((team) => teamLabel(team))
              .join(', ') || '—'}
          </Table.Td>
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
