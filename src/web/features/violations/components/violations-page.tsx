import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import type { ViolationCode } from '../../../../core/rules/engine.ts';
import { LoadFailed, withoutOrganization } from '../../../components/admin/admin-page.tsx';
import { AdminTable } from '../../../components/admin/admin-table.tsx';
import { useAdminModal } from '../../../components/admin/use-admin-modal.ts';
import { usePageSelection } from '../../../components/admin/use-page-selection.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import tableClasses from '../../../components/table.module.css';
import { useT } from '../../../lib/i18n.ts';
import { useLeagueOptions } from '../../../lib/league-options.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import { useTeamOptions } from '../../../lib/team-options.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import { useViolations, type Violation, type ViolationFilter } from '../api/list-violations.ts';
import { useUpdateViolation } from '../api/update-violation.ts';
import type { ViolationState } from '../violation-labels.ts';
import { ALL, ViolationFilters } from './violation-filters.tsx';
import { VIOLATION_ACTIONS, type ViolationAction, ViolationNoteModal } from './violation-note-modal.tsx';
import { ViolationCards, ViolationRow } from './violation-row.tsx';

/**
 * /admin/violations: the rules that outings broke in the admin's leagues, found by the rules
 * engine, and what was done about each (acknowledged or resolved, with a note).
 */
export function ViolationsPage() {
  const t = useT();
  const me = useQuery(meQueryOptions);
  const canAct = hasAbility(me.data, 'Mutation.updateViolation');
  const selection = usePageSelection();
  const { organization, organizations, seasons, season } = selection;
  const leagues = useLeagueOptions();
  const teams = useTeamOptions(season?.id ?? null);

  const [chosenLeague, setChosenLeague] = useState<string>(ALL);
  const [code, setCode] = useState<ViolationCode | null>(null);
  const [state, setState] = useState<ViolationState | null>(null);
  const [includeWithdrawn, setIncludeWithdrawn] = useState(false);

  // A league or team of another organization (or league) left over from an earlier choice means all.
  const orgLeagues = (leagues.data ?? []).filter((l) => l.organizationId === organization?.id);
  const leagueId = orgLeagues.some((l) => l.id === chosenLeague) ? chosenLeague : null;
  const leagueTeams = (teams.data ?? []).filter((team) => leagueId === null || team.leagueId === leagueId);
  const teamId = leagueTeams.some((team) => team.id === selection.teamId) ? selection.teamId : null;

  const filter: ViolationFilter | null = organization
    ? {
        organizationId: organization.id,
        leagueId,
        seasonId: season?.id ?? null,
        teamId,
        code,
        state,
        includeWithdrawn,
      }
    : null;
  // The season's list waits for the seasons, so the first answer is already the season's.
  const violations = useViolations(seasons.isPending ? null : filter);

  const modal = useAdminModal<Violation>();
  const [action, setAction] = useState<ViolationAction>('acknowledge');
  const update = useUpdateViolation();
  const target = modal.target;
  const phone = usePhone();
  const openAction = (next: ViolationAction, violation: Violation) => {
    setAction(next);
    modal.open('edit', violation);
  };

  const waiting = withoutOrganization(organizations, organization, <Text>{t('status.violations.noLeagues')}</Text>);
  if (waiting || !organization) return <Page>{waiting}</Page>;

  let body: ReactNode;
  if (seasons.isPending || violations.isPending) {
    body = <PageLoader label={t('status.violations.loading')} />;
  } else if (violations.isError) {
    body = <LoadFailed error={violations.error} fallback={t('status.violations.loadFailed')} />;
  } else {
    const rows = violations.data;
    body = phone ? (
      <ViolationCards violations={rows} canAct={canAct} onAction={(violation, next) => openAction(next, violation)} />
    ) : (
      <AdminTable
        minWidth={canAct ? 940 : 860}
        verticalSpacing="sm"
        horizontalSpacing="xs"
        highlightOnHover
        aria-label={t('status.violations.tableLabel')}
        columns={[
          t('status.violations.date'),
          t('status.violations.player'),
          t('status.violations.team'),
          t('status.violations.game'),
          t('status.violations.ruleBroken'),
          t('status.violations.recordedBy'),
          t('status.violations.state'),
          t('status.violations.actionTaken'),
          canAct && { label: t('common.actions'), className: tableClasses.actions },
        ]}
        empty={rows.length === 0 && t('status.violations.noneMatch')}
      >
        {rows.map((violation) => (
          <ViolationRow
            key={violation.id}
            violation={violation}
            canAct={canAct}
            onAction={(next) => openAction(next, violation)}
          />
        ))}
      </AdminTable>
    );
  }

  // The outings behind these violations, for league officials' own records.
  const csvParams = new URLSearchParams(
    Object.entries({ leagueId, seasonId: season?.id ?? null, teamId }).filter(
      (entry): entry is [string, string] => entry[1] !== null,
    ),
  );

  return (
    <Page>
      <Group justify="flex-end">
        <Button component="a" variant="default" href={`/api/reports/outings.csv?${csvParams}`} download>
          {t('status.violations.export')}
        </Button>
      </Group>
      <ViolationFilters
        selection={selection}
        leagues={orgLeagues}
        teams={leagueTeams}
        value={{ leagueId, teamId, code, state, includeWithdrawn }}
        onLeague={setChosenLeague}
        onCode={setCode}
        onState={setState}
        onIncludeWithdrawn={setIncludeWithdrawn}
      />
      {seasons.isError ? <LoadFailed error={seasons.error} fallback={t('status.violations.seasonsFailed')} /> : null}
      {body}

      <ViolationNoteModal
        {...modal.props}
        opened={modal.mode === 'edit'}
        violation={target}
        action={action}
        onSave={(note) =>
          target &&
          modal.run(
            () => update.mutateAsync({ id: target.id, state: VIOLATION_ACTIONS[action].state, note }),
            t('status.violations.updateFailed'),
          )
        }
      />
    </Page>
  );
}

function Page({ children }: { children: ReactNode }) {
  const t = useT();
  return (
    <Stack gap="md">
      <Title order={1}>{t('status.violations.title')}</Title>
      {children}
    </Stack>
  );
}
