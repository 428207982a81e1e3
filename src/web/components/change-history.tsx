import { Alert, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  type ChangeEntry,
  changedAfterSigning,
  changeHistoryCsvUrl,
  type HistorySubject,
  useChangeHistory,
} from '../lib/change-history.ts';
import { withLocalDates } from '../lib/format.ts';
import { adminErrorMessage } from './admin/admin-error.ts';
import { PageLoader } from './page-loader.tsx';

/** How many entries show before "Show all". */
const SHOWN = 8;

const when = new Intl.DateTimeFormat(undefined, {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** "Tue, May 4, 7:41 PM" in the reader's time zone. */
export const changeTime = (at: string) => when.format(new Date(at));

/**
 * 'History': every change to a game's or a player's record in plain words, newest first, with the
 * CSV of it. Shown to the league's admins and the teams' coaches.
 */
export function ChangeHistorySection({
  subject,
  headingOrder = 3,
  label,
}: {
  subject: HistorySubject;
  headingOrder?: 2 | 3;
  /** What the history is of, for the download's accessible name ("the game of Tigers vs Cubs"). */
  label: string;
}) {
  const history = useChangeHistory(subject, true);
  const [all, setAll] = useState(false);
  const headingId = useId();
  const entries = history.data ?? [];
  const shown = all ? entries : entries.slice(0, SHOWN);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={headingOrder} id={headingId}>
          History
        </Title>
        <Button
          component="a"
          variant="default"
          size="sm"
          href={changeHistoryCsvUrl(subject)}
          download
          aria-label={`Download CSV of the history of ${label}`}
        >
          Download CSV
        </Button>
      </Group>
      {history.isPending ? (
        <PageLoader label="Loading the history" />
      ) : history.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(history.error, 'Failed to load the history')}
        </Alert>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          Nothing recorded yet.
        </Text>
      ) : (
        <List size="sm" spacing={6} aria-label={`Changes to ${label}, newest first`}>
          {shown.map((entry) => (
            <List.Item key={entry.id}>
              <Text span size="sm" c="dimmed">
                {changeTime(entry.at)}
              </Text>
              {', '}
              {withLocalDates(entry.summary)}
            </List.Item>
          ))}
        </List>
      )}
      {!all && entries.length > SHOWN ? (
        <Group>
          <Button variant="subtle" size="sm" onClick={() => setAll(true)}>
            {'leagueId' in subject
              ? `Show the ${entries.length} newest changes (the CSV has them all)`
              : `Show all ${entries.length} changes`}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A signed game's counts changed since: both dugouts see what changed, who changed it and why. */
export function ChangedAfterSigning({ gameId }: { gameId: string }) {
  const history = useChangeHistory({ gameId }, true);
  const changed: ChangeEntry[] = changedAfterSigning(history.data ?? []);
  if (changed.length === 0) return null;
  return (
    <Alert color="red" variant="light" title="Changed after both teams signed" role="status">
      <List size="sm" spacing={4}>
        {changed.map((entry) => (
          <List.Item key={entry.id}>
            {changeTime(entry.at)}, {withLocalDates(entry.summary)}
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** A league's whole history (its admins), in a dialog from Manage Leagues. */
export function LeagueHistoryModal({
  league,
  onClose,
}: {
  league: { id: string; name: string } | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={league !== null} onClose={onClose} title={league ? `History of ${league.name}` : ''} size="lg">
      {league ? <ChangeHistorySection subject={{ leagueId: league.id }} label={league.name} /> : null}
    </Modal>
  );
}
