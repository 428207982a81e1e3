import '@mantine/charts/styles.css';
// The chart's legend and tooltip swatches (src/web/app/mantine.css holds the rest).
import '@mantine/core/styles/ColorSwatch.css';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { isLocalDate } from '../../../../core/local-date.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { currentTeamLabel, useCurrentTeams } from '../../../lib/team-options.ts';
import { usePitcherStatus } from '../api/pitcher-status.ts';
import { PitcherDetails } from './pitcher-details.tsx';
import { PitchersTable } from './pitchers-table.tsx';
import classes from './status-page.module.css';
import { formatFullDay } from './status-words.ts';

export const NO_TEAM = 'You have no team in a current season.';
export const NO_RULE = 'This league has no rest rule yet: an admin chooses one on League Management.';
export const LOAD_FAILED = 'Failed to load the pitcher status';

/** How long the date may stay still before the report is asked for (typing a year changes it 4 times). */
const DATE_DEBOUNCE_MS = 300;

/**
 * /status, Pitcher Status: for one of the user's current teams, who may pitch on a date
 * (today by default) and the 6 days after, each pitcher's recent outings and workload; printable.
 */
export function StatusPage() {
  const teams = useCurrentTeams();
  const [chosenTeam, setChosenTeam] = useState<string | null>(null);
  const [dateInput, setDateInput] = useState('');
  const [settledInput] = useDebouncedValue(dateInput, DATE_DEBOUNCE_MS);
  // Empty: today (the server's, in the organization's time zone). A date still being typed keeps the last one.
  const [date, setDate] = useState<string | null>(null);
  useEffect(() => {
    if (settledInput === '') setDate(null);
    else if (isLocalDate(settledInput)) setDate(settledInput);
  }, [settledInput]);

  const team = teams.data?.find((t) => t.id === chosenTeam) ?? teams.data?.[0] ?? null;
  const status = usePitcherStatus(team?.id ?? null, date);

  if (teams.isPending) return <Page>{<PageLoader label="Loading teams" />}</Page>;
  if (teams.isError) {
    return (
      <Page>
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(teams.error, 'Failed to load your teams')}
        </Alert>
      </Page>
    );
  }
  if (!team) {
    return (
      <Page>
        <Text>{NO_TEAM}</Text>
      </Page>
    );
  }

  const report = status.data;
  let body: ReactNode;
  if (status.isError && !report) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(status.error, LOAD_FAILED)}
      </Alert>
    );
  } else if (!report) {
    body = <PageLoader label="Loading the pitcher status" />;
  } else {
    body = (
      <>
        <Stack gap={4}>
          <Text className={classes.printOnly} fw={600}>
            {currentTeamLabel({ name: report.teamName, leagueName: report.leagueName, seasonName: report.seasonName })}
          </Text>
          <Text fw={600} size="lg">
            Status on {formatFullDay(report.asOf)}
          </Text>
          {report.ruleName !== null ? (
            <Text size="sm">
              Rule: {report.ruleName} (counts {report.unit})
            </Text>
          ) : null}
        </Stack>
        {report.ruleName === null ? (
          <Alert color="yellow" variant="light" title="No rest rule">
            {NO_RULE}
          </Alert>
        ) : null}
        {status.isError ? (
          <Alert color="red" variant="light" role="alert" className={classes.noPrint}>
            {adminErrorMessage(status.error, LOAD_FAILED)}
          </Alert>
        ) : null}
        <PitchersTable report={report} busy={status.isFetching} />
        {report.ruleName !== null ? (
          <Text size="sm">
            ✓ can pitch, with the {report.unit} left that day (— when no daily max applies) · ✗ cannot pitch
            <span className={classes.noPrint}>; point at a day for the reason</span>.
          </Text>
        ) : null}
        <div className={classes.noPrint}>
          <PitcherDetails report={report} />
        </div>
      </>
    );
  }

  return (
    <Page
      action={
        <Button
          variant="default"
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => window.print()}
          className={classes.noPrint}
        >
          Print
        </Button>
      }
    >
      <Group align="flex-end" gap="md" className={classes.noPrint}>
        <Select
          label="Team"
          data={(teams.data ?? []).map((t) => ({ value: t.id, label: currentTeamLabel(t) }))}
          value={team.id}
          onChange={(value) => value && setChosenTeam(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 340 }}
        />
        <TextInput
          label="Date"
          type="date"
          description="Leave empty for today"
          value={dateInput}
          onChange={(event) => setDateInput(event.currentTarget.value)}
          w={{ base: '100%', xs: 200 }}
        />
      </Group>
      {body}
    </Page>
  );
}

function Page({ children, action }: { children: ReactNode; action?: ReactNode }) {
  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Pitcher Status</Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
