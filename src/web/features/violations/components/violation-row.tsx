import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
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

/** A violation's state, and when it was withdrawn with its game. */
function StateBadge({ violation }: { violation: Violation }) {
  const t = useT();
  return (
    <>
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
    </>
  );
}

/** Who last acted on the violation, when, and their note. */
function ActedBy({ violation }: { violation: Violation }) {
  if (!violation.actedByName) return null;
  return (
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
  );
}

/** The rule broken, and what the engine said of it. */
function RuleBroken({ violation }: { violation: Violation }) {
  const t = useT();
  return (
    <>
      <Text size="sm" fw={500}>
        {violationLabel(t, violation.code)}
      </Text>
      <Text size="xs" c="dimmed">
        {withLocalDates(t.said(violation.said ?? violation.message))}
      </Text>
    </>
  );
}

/** The next actions, each named with the player, day and rule it acts on. */
function NextActions({ violation, onAction }: { violation: Violation; onAction: (action: ViolationAction) => void }) {
  const t = useT();
  const names = {
    player: playerLabel(violation),
    date: formatDate(violation.date),
    rule: violationLabel(t, violation.code),
  };
  return NEXT_ACTIONS[violation.state].map((next) => (
    <Button
      key={next}
      size="xs"
      variant="default"
      aria-label={t(`status.violations.${next}.label`, names)}
      onClick={() => onAction(next)}
    >
      {actionWords(t, next).button}
    </Button>
  ));
}

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
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(violation.date)}</Table.Td>
      <Table.Th scope="row" fw={500} miw={100}>
        {playerLabel(violation)}
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
        <RuleBroken violation={violation} />
      </Table.Td>
      <Table.Td>{violation.recordedByName}</Table.Td>
      <Table.Td>
        <StateBadge violation={violation} />
      </Table.Td>
      <Table.Td miw={110} maw={260}>
        {violation.actedByName ? <ActedBy violation={violation} /> : '—'}
      </Table.Td>
      {canAct ? (
        <Table.Td className={tableClasses.actions}>
          <Stack gap={6} align="stretch">
            <NextActions violation={violation} onAction={onAction} />
          </Stack>
        </Table.Td>
      ) : null}
    </Table.Tr>
  );
}

/**
 * The violations on a phone: one card each, the player and rule first, then the team, game and who recorded it
 * (a table of nine columns scrolled sideways past the actions).
 */
export function ViolationCards({
  violations,
  canAct,
  onAction,
}: {
  violations: Violation[];
  canAct: boolean;
  onAction: (violation: Violation, action: ViolationAction) => void;
}) {
  const t = useT();
  return (
    <Stack
      gap="xs"
      component="ul"
      aria-label={t('status.violations.tableLabel')}
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
    >
      {violations.length === 0 ? (
        <Text component="li" size="sm" c="dimmed">
          {t('status.violations.noneMatch')}
        </Text>
      ) : null}
      {violations.map((violation) => (
        <Paper key={violation.id} component="li" withBorder p="sm">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <Stack gap={2} style={{ minWidth: 0 }}>
              <Title order={3} size="h5">
                {playerLabel(violation)}
              </Title>
              <Text size="sm" c="dimmed">
                {formatDate(violation.date)} · {violation.teamName} ({violation.leagueName}) ·{' '}
                {t('status.violations.vs', { opponent: violation.opponent })}
              </Text>
            </Stack>
            <div>
              <StateBadge violation={violation} />
            </div>
          </Group>
          <Stack gap={2} mt="xs">
            <RuleBroken violation={violation} />
            <Text size="xs" c="dimmed">
              {t('status.violations.recordedByName', { name: violation.recordedByName })}
            </Text>
            <ActedBy violation={violation} />
          </Stack>
          {canAct ? (
            <Group mt="xs" gap="xs">
              <NextActions violation={violation} onAction={(next) => onAction(violation, next)} />
            </Group>
          ) : null}
        </Paper>
      ))}
    </Stack>
  );
}
