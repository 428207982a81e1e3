import { FileInput, Select, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useT } from '../../../lib/i18n.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';
import { type TeamOption, teamLabel } from '../../../lib/team-options.ts';

/**
 * The import's first step: the file, and the league and team of the rows that do not name theirs. A team
 * chosen picks its league; a league chosen drops a team of another league.
 */
export function ImportSource({
  file,
  onFile,
  leagues,
  teams,
  leagueId,
  teamId,
  onLeague,
  onTeam,
  disabled,
}: {
  file: File | null;
  onFile: (file: File | null) => void;
  leagues: LeagueOption[];
  teams: TeamOption[];
  leagueId: string | null;
  teamId: string | null;
  onLeague: (leagueId: string | null) => void;
  onTeam: (teamId: string | null) => void;
  disabled: boolean;
}) {
  const t = useT();
  return (
    <>
      <Text size="sm">{t('players.import.intro')}</Text>
      <FileInput
        label={t('players.import.file')}
        placeholder={t('players.import.chooseFile')}
        accept=".csv,text/csv"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        value={file}
        onChange={onFile}
        clearable
        disabled={disabled}
      />
      <Select
        label={t('players.import.league')}
        description={t('players.import.leagueHint')}
        data={leagues.map((l) => ({ value: l.id, label: l.name }))}
        value={leagueId}
        onChange={(value) => {
          onLeague(value);
          if (value && teamId && !teams.some((team) => team.id === teamId && team.leagueId === value)) onTeam(null);
        }}
        clearable
        disabled={disabled}
      />
      <Select
        label={t('players.field.team')}
        description={t('players.import.teamHint')}
        data={teams
          .filter((team) => !leagueId || team.leagueId === leagueId)
          .map((team) => ({ value: team.id, label: teamLabel(team) }))}
        value={teamId}
        onChange={(value) => {
          onTeam(value);
          const team = teams.find((option) => option.id === value);
          if (team) onLeague(team.leagueId);
        }}
        clearable
        disabled={disabled}
      />
    </>
  );
}
