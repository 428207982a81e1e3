import { BarChart } from '@mantine/charts';
import { Text, VisuallyHidden } from '@mantine/core';
import { useT } from '../../../lib/i18n.ts';
import type { PitcherStatus, PitcherStatusReport } from '../api/pitcher-status.ts';
import { formatChartDay, formatSpokenDay } from './status-words.ts';

/**
 * The season's day totals as bars (date -> count), with the same numbers in a visually hidden
 * table for screen readers; the drawing itself is hidden from them and takes no keyboard focus.
 */
export function WorkloadChart({
  pitcher,
  name,
  unit,
}: {
  pitcher: PitcherStatus;
  name: string;
  unit: PitcherStatusReport['unit'];
}) {
  const t = useT();
  const label = t('status.unit', { unit });
  if (pitcher.workload.length === 0) {
    return <Text size="sm">{t('status.chart.empty')}</Text>;
  }
  const data = pitcher.workload.map((d) => ({ day: formatChartDay(t, d.date), [label]: d.count }));
  return (
    <>
      <div aria-hidden="true">
        <BarChart
          h={200}
          data={data}
          dataKey="day"
          series={[{ name: label, color: 'blue.8' }]}
          tickLine="y"
          maxBarWidth={28}
          accessibilityLayer={false}
          tooltipAnimationDuration={0}
        />
      </div>
      <VisuallyHidden>
        <table>
          <caption>{t('status.chart.caption', { name, unit })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('status.chart.date')}</th>
              <th scope="col">{label}</th>
            </tr>
          </thead>
          <tbody>
            {pitcher.workload.map((d) => (
              <tr key={d.date}>
                <th scope="row">{formatSpokenDay(t, d.date)}</th>
                <td>{d.count}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </VisuallyHidden>
    </>
  );
}
