import { Table, Text } from '@mantine/core';
import { addDays } from '../../../../core/local-date.ts';
import { useT } from '../../../lib/i18n.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import type { PitcherStatusReport } from '../api/pitcher-status.ts';
import { PitcherCards } from './pitcher-cards.tsx';
import { DayCells, DayHeads, nextEligibleText, pitcherName, restText, TodayCell } from './pitcher-cells.tsx';

/** How many days the grid shows: the report's date and the 6 after it (the server's STATUS_DAYS). */
export const GRID_DAYS = 7;

/** The Pitchers table: each pitcher's status on the report's date, rest and the next 7 days. */
export function PitchersTable({ report, busy }: { report: PitcherStatusReport; busy: boolean }) {
  const hasRule = report.ruleName !== null;
  const dates = hasRule ? Array.from({ length: GRID_DAYS }, (_, i) => addDays(report.asOf, i)) : [];
  const columns = 4 + dates.length;
  const phone = usePhone();
  const t = useT();
  if (phone) return <PitcherCards report={report} dates={dates} busy={busy} />;
  return (
    // Focusable, so a keyboard can scroll the grid sideways on a narrow screen.
    <Table.ScrollContainer
      minWidth={hasRule ? 920 : 560}
      type="native"
      tabIndex={0}
      role="region"
      aria-label={t('status.table.scrollLabel')}
    >
      <Table
        verticalSpacing="xs"
        horizontalSpacing={8}
        withTableBorder
        withColumnBorders
        aria-label={t('status.table.label')}
        aria-busy={busy}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('status.table.pitcher')}</Table.Th>
            <Table.Th scope="col">{t('status.table.today')}</Table.Th>
            <Table.Th scope="col">{t('status.table.restAfterLastOuting')}</Table.Th>
            <Table.Th scope="col">{t('status.table.nextEligible')}</Table.Th>
            <DayHeads dates={dates} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {report.pitchers.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns}>
                <Text size="sm">{t('status.table.noPlayers', { team: report.teamName })}</Text>
              </Table.Td>
            </Table.Tr>
          ) : null}
          {report.pitchers.map((pitcher) => (
            <Table.Tr key={pitcher.playerId}>
              <Table.Th scope="row" fw={600} style={{ whiteSpace: 'nowrap' }}>
                {pitcherName(pitcher)}
              </Table.Th>
              <Table.Td>
                <TodayCell pitcher={pitcher} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{restText(t, pitcher)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{nextEligibleText(t, pitcher)}</Table.Td>
              <DayCells pitcher={pitcher} dates={dates} />
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
