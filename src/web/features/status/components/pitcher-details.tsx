import { Accordion, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { ChangeHistorySection } from '../../../components/change-history.tsx';
import { withLocalDates } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { hasAbility, meQueryOptions } from '../../../lib/me.ts';
import type { PitcherStatus, PitcherStatusReport } from '../api/pitcher-status.ts';
import { pitcherName } from './pitcher-cells.tsx';
import { daysWords, formatShortDay, todayWords } from './status-words.ts';

// The chart library (recharts) is most of this page's weight: it loads when a section first opens.
const WorkloadChart = lazy(() => import('./workload-chart.tsx').then((m) => ({ default: m.WorkloadChart })));

/** One section per pitcher, closed at first: recent outings and the season's workload chart. */
export function PitcherDetails({ report }: { report: PitcherStatusReport }) {
  const [opened, setOpened] = useState<string[]>([]);
  const t = useT();
  if (report.pitchers.length === 0) return null;
  return (
    <Stack gap="xs">
      <Title order={2} size="h3">
        {t('status.details.title')}
      </Title>
      <Accordion multiple value={opened} onChange={setOpened} variant="separated">
        {report.pitchers.map((pitcher) => {
          const name = pitcherName(pitcher);
          return (
            <Accordion.Item key={pitcher.playerId} value={pitcher.playerId}>
              <Accordion.Control>
                <Text fw={600} span>
                  {name}
                </Text>
                {pitcher.today ? (
                  <Text size="sm" span>
                    {' — '}
                    {todayWords(t, pitcher.today).label}
                  </Text>
                ) : null}
              </Accordion.Control>
              <Accordion.Panel>
                {/* Drawn only when open: a chart in a closed section would have no size. */}
                {opened.includes(pitcher.playerId) ? (
                  <PitcherPanel pitcher={pitcher} name={name} report={report} />
                ) : null}
              </Accordion.Panel>
            </Accordion.Item>
          );
        })}
      </Accordion>
    </Stack>
  );
}

function PitcherPanel({
  pitcher,
  name,
  report,
}: {
  pitcher: PitcherStatus;
  name: string;
  report: PitcherStatusReport;
}) {
  const t = useT();
  const countLabel = t('status.unit', { unit: report.unit });
  const reason = pitcher.today?.reason?.said;
  // The league's admins and the player's coaches read who changed the player's record.
  const me = useQuery(meQueryOptions);
  const readsHistory = hasAbility(me.data, 'Query.changeHistory');
  return (
    <Stack gap="md">
      {reason ? <Text size="sm">{withLocalDates(t.said(reason))}</Text> : null}
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('status.details.recentOutings')}
        </Title>
        {pitcher.recentOutings.length === 0 ? (
          <Text size="sm">{t('status.details.noOutings', { date: formatShortDay(t, report.asOf) })}</Text>
        ) : (
          <Table.ScrollContainer
            minWidth={520}
            type="native"
            tabIndex={0}
            role="region"
            aria-label={t('status.details.outingsScrollLabel', { name })}
          >
            <Table verticalSpacing={4} aria-label={t('status.details.outingsLabel', { name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('status.details.date')}</Table.Th>
                  <Table.Th scope="col">{t('status.details.opponent')}</Table.Th>
                  <Table.Th scope="col">{countLabel}</Table.Th>
                  <Table.Th scope="col">{t('status.details.restOwed')}</Table.Th>
                  <Table.Th scope="col">{t('status.details.eligibleFrom')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {pitcher.recentOutings.map((outing) => (
                  <Table.Tr key={outing.outingId}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatShortDay(t, outing.date)}</Table.Td>
                    <Table.Td>
                      {outing.teamName !== report.teamName
                        ? t('status.details.opponentFor', { opponent: outing.opponent, team: outing.teamName })
                        : outing.opponent}
                    </Table.Td>
                    <Table.Td>
                      {outing.caughtInnings > 0
                        ? t('status.details.countCaught', { count: outing.count, innings: outing.caughtInnings })
                        : outing.count}
                    </Table.Td>
                    <Table.Td>{report.ruleName ? daysWords(t, outing.daysRest) : '—'}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {!report.ruleName
                        ? '—'
                        : outing.firstEligibleDate
                          ? formatShortDay(t, outing.firstEligibleDate)
                          : t('common.noDayThisSeason')}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h4">
          {t('status.details.workload')}
        </Title>
        <Suspense fallback={<Loader size="sm" role="status" aria-label={t('status.details.loadingChart')} />}>
          <WorkloadChart pitcher={pitcher} name={name} unit={report.unit} />
        </Suspense>
      </Stack>
      {readsHistory ? <ChangeHistorySection subject={{ playerId: pitcher.playerId }} label={name} /> : null}
    </Stack>
  );
}
