import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import tableClasses from '../../../components/table.module.css';
import { formatDate, formatDateTime, localToday, withLocalDates } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { Violation } from '../api/list-violations.ts';
import { stateLabel, type ViolationState, violationLabel } from '../violation-labels.ts';
import { actionWords, playerLabel, type ViolationAction } from './violation-note-modal.tsx';

// Filled badges dark enough for white text to reach 4.5:1 (green.9 does not: 4.4:1).
const STATE_COLORS: Record<ViolationState, string> = { open: 'red.9', acknowledged: 'blue.9', resolved: 'teal.9' };

/** What can be done next from each state: a resolved violation can only be reopened. */
const NEXT_ACTIONS: Record<ViolationState, ViolationAction[]> = {
  open: ['acknowledge', 'resolve'],
  acknowledged: ['resolve', 'reopen'],
  resolved: ['reopen'],
};

/** A violation in the list: when, who, what rule, its state and who acted on it, and the next actions. */
export function ViolationRow({
  violation,
  canAct,
  onAction,
}: {
  violation: Violation;
  canAct: boolean;
  onAction: (action: ViolationAction) => void;
}) {
  const t = useT();
  const date = formatDate(violation.date);
  const player = playerLabel(violation);
  const rule = violationLabel(t, violation.code);
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{date}</Table.Td>
      <Table.Th scope="row" fw={500} miw={100}>
        {player}
      </Table.Th>
      <Table.Td>
        <Text size="sm">{violation.teamName}</Text>
        <Text size="xs" c="dimmed">
          {violation.leagueName}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {t('status.violations.vs', { opponent: violation.opponent })}
      </Table.Td>
      <Table.Td miw={180} maw={300}>
        <Text size="sm" fw={500}>
          {rule}
        </Text>
        <Text size="xs" c="dimmed">
          {withLocalDates(t.said(violation.said ?? violation.message))}
        </Text>
      </Table.Td>
      <Table.Td>{violation.recordedByName}</Table.Td>
      <Table.Td>
        {/* Never cut short by a narrow column. */}
        <Badge color={STATE_COLORS[violation.state]} variant="filled" size="sm" style={{ minWidth: 'max-content' }}>
          {stateLabel(t, violation.state)}
        </Badge>
        {violation.withdrawnAt ? (
          <Text size="xs" c="dimmed" mt={4}>
            {t('status.violations.withdrawn', {
              // The moment as a calendar day of the reader's own time zone.
              date: t.day(localToday(new Date(violation.withdrawnAt)), 'medium'),
            })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td miw={110} maw={260}>
        {violation.actedByName ? (
          <>
            <Text size="sm">
              {violation.actedByName}, {formatDateTime(violation.actedAt)}
            </Text>
            {violation.note ? (
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                {violation.note}
              </Text>
            ) : null}
          </>
        ) : (
          '—'
        )}
      </Table.Td>
      {canAct ? (
        <Table.Td className={tableClasses.actions}>
          <Stack gap={6} align="stretch">
            {NEXT_ACTIONS[violation.state].map((next) => (
              <Button
                key={next}
                size="xs"
                variant="default"
                aria-label={t(`status.violations.${next}.label`, { player, date, rule })}
                onClick={() => onAction(next)}
              >
                {actionWords(t, next).button}
              </Button>
            ))}
          </Stack>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}
