import { FileInput, Select, Text } from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
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
  return (
    <>
      <Text size="sm">
        A CSV export of Sports Connect / Blue Sombrero, SportsEngine, or a file with the columns First, Last, Birth
        Date, Jersey (and optionally Guardian Email). You will see what happens to each row before anything is stored.
      </Text>
      <FileInput
        label="CSV file"
        placeholder="Choose a file"
        accept=".csv,text/csv"
        leftSection={<IconFileTypeCsv size={16} aria-hidden />}
        value={file}
        onChange={onFile}
        clearable
        disabled={disabled}
      />
      <Select
        label="League"
        description="For rows without a Division Name column"
        data={leagues.map((l) => ({ value: l.id, label: l.name }))}
        value={leagueId}
        onChange={(value) => {
          onLeague(value);
          if (value && teamId && !teams.some((t) => t.id === teamId && t.leagueId === value)) onTeam(null);
        }}
        clearable
        disabled={disabled}
      />
      <Select
        label="Team"
        description="For rows without a Team Name column"
        data={teams
          .filter((t) => !leagueId || t.leagueId === leagueId)
          .map((t) => ({ value: t.id, label: teamLabel(t) }))}
        value={teamId}
        onChange={(value) => {
          onTeam(value);
          const team = teams.find((t) => t.id === value);
          if (team) onLeague(team.leagueId);
        }}
        clearable
        disabled={disabled}
      />
    </>
  );
}
