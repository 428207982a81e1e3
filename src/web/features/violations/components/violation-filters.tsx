import { Checkbox, Group, Select } from '@mantine/core';
import type { ViolationCode } from '../../../../core/rules/engine.ts';
import { OrganizationSelect, SeasonSelect } from '../../../components/admin/scope-selects.tsx';
import type { PageSelection } from '../../../components/admin/use-page-selection.ts';
import { useT } from '../../../lib/i18n.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';
import { type TeamOption, teamLabel } from '../../../lib/team-options.ts';
import { codeOptions, stateOptions, type ViolationState } from '../violation-labels.ts';

/** 'All' in each filter. */
export const ALL = 'all';
const FILTER_WIDTH = { base: '100%', xs: 200 } as const;

/** The filters of View Violations: organization, league, season, team, rule, state, and withdrawn ones. */
export function ViolationFilters({
  selection,
  leagues,
  teams,
  value,
  onLeague,
  onCode,
  onState,
  onIncludeWithdrawn,
}: {
  selection: PageSelection;
  /** The organization's leagues. */
  leagues: LeagueOption[];
  /** The season's teams of the league chosen (all leagues: every team). */
  teams: TeamOption[];
  value: {
    leagueId: string | null;
    teamId: string | null;
    code: ViolationCode | null;
    state: ViolationState | null;
    includeWithdrawn: boolean;
  };
  onLeague: (leagueId: string) => void;
  onCode: (code: ViolationCode | null) => void;
  onState: (state: ViolationState | null) => void;
  onIncludeWithdrawn: (include: boolean) => void;
}) {
  const t = useT();
  return (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <OrganizationSelect selection={selection} />
      <Select
        label={t('status.violations.league')}
        data={[
          { value: ALL, label: t('status.violations.allLeagues') },
          ...leagues.map((l) => ({ value: l.id, label: l.name })),
        ]}
        value={value.leagueId ?? ALL}
        onChange={(picked) => {
          onLeague(picked ?? ALL);
          // The team filter is of the league chosen before.
          selection.setTeam(null);
        }}
        allowDeselect={false}
        w={FILTER_WIDTH}
      />
      <SeasonSelect selection={selection} />
      <Select
        label={t('status.violations.team')}
        data={[
          { value: ALL, label: t('status.violations.allTeams') },
          ...teams.map((team) => ({ value: team.id, label: teamLabel(team) })),
        ]}
        value={value.teamId ?? ALL}
        onChange={(picked) => selection.setTeam(picked && picked !== ALL ? picked : null)}
        allowDeselect={false}
        searchable={teams.length > 10}
        w={FILTER_WIDTH}
      />
      <Select
        label={t('status.violations.ruleBroken')}
        data={[{ value: ALL, label: t('status.violations.allRules') }, ...codeOptions(t)]}
        value={value.code ?? ALL}
        onChange={(picked) => onCode(picked && picked !== ALL ? (picked as ViolationCode) : null)}
        allowDeselect={false}
        w={FILTER_WIDTH}
      />
      <Select
        label={t('status.violations.state')}
        data={[{ value: ALL, label: t('status.violations.allStates') }, ...stateOptions(t)]}
        value={value.state ?? ALL}
        onChange={(picked) => onState(picked && picked !== ALL ? (picked as ViolationState) : null)}
        allowDeselect={false}
        w={FILTER_WIDTH}
      />
      <Checkbox
        label={t('status.violations.showWithdrawn')}
        checked={value.includeWithdrawn}
        onChange={(event) => onIncludeWithdrawn(event.currentTarget.checked)}
        // Level with the selects' boxes.
        mb={8}
      />
    </Group>
  );
}
