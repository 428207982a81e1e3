import '@mantine/charts/styles.css';
// The chart's legend and tooltip swatches (src/web/app/mantine.css holds the rest).
import '@mantine/core/styles/ColorSwatch.css';
import { Trans } from '@lingui/react';
import { Alert, Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { isLocalDate } from '../../../../core/local-date.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useT } from '../../../lib/i18n.ts';
import { currentTeamLabel, useCurrentTeams } from '../../../lib/team-options.ts';
import { usePitcherStatus } from '../api/pitcher-status.ts';
import { PitcherDetails } from './pitcher-details.tsx';
import { PitchersTable } from './pitchers-table.tsx';
import classes from './status-page.module.css';
import { formatFullDay } from './status-words.ts';

/** How long the date may stay still before the report is asked for (typing a year changes it 4 times). */
const DATE_DEBOUNCE_MS = 300;

/**
 * /status, Pitcher Status: for one of the user's current teams, who may pitch on a date
 * (today by default) and the 6 days after, each pitcher's recent outings and workload; printable.
 */
export function StatusPage() {
  const t = useT();
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

  const team = teams.data?.find((option) => option.id === chosenTeam) ?? teams.data?.[0] ?? null;
  const status = usePitcherStatus(team?.id ?? null, date);

  if (teams.isPending) return <Page>{<PageLoader label={t('status.page.loadingTeams')} />}</Page>;
  if (teams.isError) {
    return (
      <Page>
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(teams.error, t('status.page.teamsFailed'))}
        </Alert>
      </Page>
    );
  }
  if (!team) {
    return (
      <Page>
        <Text>{t('status.page.noTeam')}</Text>
      </Page>
    );
  }

  const report = status.data;
  let body: ReactNode;
  if (status.isError && !report) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(status.error, t('status.page.loadFailed'))}
      </Alert>
    );
  } else if (!report) {
    body = <PageLoader label={t('status.page.loading')} />;
  } else {
    body = (
      <>
        <Stack gap={4}>
          <Text className={classes.printOnly} fw={600}>
            {currentTeamLabel({ name: report.teamName, leagueName: report.leagueName, seasonName: report.seasonName })}
          </Text>
          <Text fw={600} size="lg">
            {t('status.page.statusOn', { date: formatFullDay(t, report.asOf) })}
          </Text>
          {report.ruleName !== null ? (
            <Text size="sm">{t('status.page.rule', { rule: report.ruleName, unit: report.unit })}</Text>
          ) : null}
        </Stack>
        {report.ruleName === null ? (
          <Alert color="yellow" variant="light" title={t('status.page.noRuleTitle')}>
            {t('status.page.noRule')}
          </Alert>
        ) : null}
        {status.isError ? (
          <Alert color="red" variant="light" role="alert" className={classes.noPrint}>
            {adminErrorMessage(status.error, t('status.page.loadFailed'))}
          </Alert>
        ) : null}
        <PitchersTable report={report} busy={status.isFetching} />
        {report.ruleName !== null ? (
          <Text size="sm">
            <Trans
              id="status.page.legend"
              values={{ unit: report.unit }}
              components={{ 0: <span className={classes.noPrint} /> }}
            />
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
          {t('common.print')}
        </Button>
      }
    >
      <Group align="flex-end" gap="md" className={classes.noPrint}>
        <Select
          label={t('status.page.team')}
          data={(teams.data ?? []).map((option) => ({ value: option.id, label: currentTeamLabel(option) }))}
          value={team.id}
          onChange={(value) => value && setChosenTeam(value)}
          allowDeselect={false}
          w={{ base: '100%', xs: 340 }}
        />
        <TextInput
          label={t('status.page.date')}
          type="date"
          description={t('status.page.dateHint')}
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
  const t = useT();
  return (
    <Stack gap="md" className={classes.page}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('status.page.title')}</Title>
        {action}
      </Group>
      {children}
    </Stack>
  );
}
