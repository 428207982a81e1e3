import { Alert, Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useId, useState } from 'react';
import {
  type ChangeEntry,
  changedAfterSigning,
  changeHistoryCsvUrl,
  changeWords,
  type HistorySubject,
  useChangeHistory,
} from '../lib/change-history.ts';
import { withLocalDates } from '../lib/format.ts';
import { type Translate, useT } from '../lib/i18n.ts';
import { adminErrorMessage } from './admin/admin-error.ts';
import { PageLoader } from './page-loader.tsx';

/** How many entries show before "Show all". */
const SHOWN = 8;

/** "Tue, May 4, 7:41 PM" in the reader's language and time zone. */
export const changeTime = (at: string, t: Translate) => t.moment(at, 'weekdayShortTime');

/** The change in the reader's words, its dates as they write dates. */
const entryWords = (entry: ChangeEntry, t: Translate) => withLocalDates(changeWords(entry, t));

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
  const t = useT();
  const history = useChangeHistory(subject, true);
  const [all, setAll] = useState(false);
  const headingId = useId();
  const entries = history.data ?? [];
  const shown = all ? entries : entries.slice(0, SHOWN);
  return (
    <Stack gap="xs" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={headingOrder} id={headingId}>
          {t('shell.history.title')}
        </Title>
        <Button
          component="a"
          variant="default"
          size="sm"
          href={changeHistoryCsvUrl(subject)}
          download
          aria-label={t('shell.history.downloadCsvOf', { label })}
        >
          {t('shell.history.downloadCsv')}
        </Button>
      </Group>
      {history.isPending ? (
        <PageLoader label={t('shell.history.loading')} />
      ) : history.isError ? (
        <Alert color="red" variant="light" role="alert">
          {adminErrorMessage(history.error, t('shell.history.loadFailed'))}
        </Alert>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('shell.history.empty')}
        </Text>
      ) : (
        <List size="sm" spacing={6} aria-label={t('shell.history.listLabel', { label })}>
          {shown.map((entry) => (
            <List.Item key={entry.id}>
              <Text span size="sm" c="dimmed">
                {changeTime(entry.at, t)}
              </Text>
              {', '}
              {entryWords(entry, t)}
            </List.Item>
          ))}
        </List>
      )}
      {!all && entries.length > SHOWN ? (
        <Group>
          <Button variant="subtle" size="sm" onClick={() => setAll(true)}>
            {'leagueId' in subject
              ? t('shell.history.showNewest', { count: entries.length })
              : t('shell.history.showAll', { count: entries.length })}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

/** A signed game's counts changed since: both dugouts see what changed, who changed it and why. */
export function ChangedAfterSigning({ gameId }: { gameId: string }) {
  const t = useT();
  const history = useChangeHistory({ gameId }, true);
  const changed: ChangeEntry[] = changedAfterSigning(history.data ?? []);
  if (changed.length === 0) return null;
  return (
    <Alert color="red" variant="light" title={t('shell.history.changedAfterSigning')} role="status">
      <List size="sm" spacing={4}>
        {changed.map((entry) => (
          <List.Item key={entry.id}>
            {changeTime(entry.at, t)}, {entryWords(entry, t)}
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
  const t = useT();
  return (
    <Modal
      opened={league !== null}
      onClose={onClose}
      title={league ? t('shell.history.ofLeague', { name: league.name }) : ''}
      size="lg"
    >
      {league ? <ChangeHistorySection subject={{ leagueId: league.id }} label={league.name} /> : null}
    </Modal>
  );
}
