import { Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useT } from '../../../lib/i18n.ts';
import type { PitcherStatusReport } from '../api/pitcher-status.ts';
import { DayCells, DayHeads, nextEligibleText, pitcherName, restText, TodayCell } from './pitcher-cells.tsx';

/**
 * A phone: one card a pitcher, today, rest and next eligible first, then the week as a strip of
 * seven cells that fits 390 px (the table cut off 'Next eligible' and the days).
 */
export function PitcherCards({ report, dates, busy }: { report: PitcherStatusReport; dates: string[]; busy: boolean }) {
  const t = useT();
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('status.table.label')}
      aria-busy={busy}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {report.pitchers.length === 0 ? (
        <Text component="li" size="sm">
          {t('status.table.noPlayers', { team: report.teamName })}
        </Text>
      ) : null}
      {report.pitchers.map((pitcher) => (
        <Paper key={pitcher.playerId} component="li" withBorder p="sm">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="xs">
              <Title order={2} size="h5">
                {pitcherName(pitcher)}
              </Title>
              <TodayCell pitcher={pitcher} />
            </Group>
            {report.ruleName !== null ? (
              <Text size="sm">
                {t('status.cards.restLine', { rest: restText(t, pitcher), next: nextEligibleText(t, pitcher) })}
              </Text>
            ) : null}
            {dates.length > 0 ? (
              <Table
                withTableBorder
                withColumnBorders
                horizontalSpacing={2}
                verticalSpacing={4}
                fz="xs"
                layout="fixed"
                aria-label={t('status.cards.daysLabel', { count: dates.length, name: pitcherName(pitcher) })}
              >
                <Table.Thead>
                  <Table.Tr>
                    <DayHeads dates={dates} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <DayCells pitcher={pitcher} dates={dates} />
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            ) : null}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
