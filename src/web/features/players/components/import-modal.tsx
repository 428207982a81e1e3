import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert } from '../../../components/admin/admin-page.tsx';
import { useT } from '../../../lib/i18n.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';
import type { TeamOption } from '../../../lib/team-options.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import {
  type ImportCounts,
  type ImportPreview,
  useImportPlayers,
  usePreviewPlayerImport,
} from '../api/import-players.ts';
import { NewTeamsNotice, newTeamsOf, PreviewTable, summaryText } from './import-preview.tsx';
import { ImportSource } from './import-source.tsx';

/** The largest file the server reads (its request limit is 8 MiB). */
const MAX_FILE_BYTES = 7 * 1024 * 1024;

/**
 * Import Roster: a registration system's CSV (Sports Connect / Blue Sombrero, SportsEngine, or
 * First,Last,Birth Date,Jersey). The preview says row by row what would happen; nothing is stored
 * until Import, which stores it all or nothing.
 */
export function ImportModal({
  opened,
  organizationId,
  seasonId,
  seasonName,
  leagues,
  teams,
  initialTeamId,
  onClose,
}: {
  opened: boolean;
  organizationId: string;
  seasonId: string;
  seasonName: string;
  leagues: LeagueOption[];
  teams: TeamOption[];
  initialTeamId: string | null;
  onClose: () => void;
}) {
  const t = useT();
  const phone = usePhone();
  const preview = usePreviewPlayerImport();
  const importer = useImportPlayers();
  const [file, setFile] = useState<File | null>(null);
  const [csv, setCsv] = useState<string | null>(null);
  const [leagueId, setLeagueId] = useState<string | null>(leagues.length === 1 ? (leagues[0]?.id ?? null) : null);
  const [teamId, setTeamId] = useState<string | null>(initialTeamId);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<ImportCounts | null>(null);
  // A team name the season does not have becomes a new team: asked once, per preview.
  const [newTeamsAgreed, setNewTeamsAgreed] = useState(false);
  const busy = preview.isPending || importer.isPending;
  const shown: ImportPreview | undefined = preview.data;

  const close = () => {
    if (busy) return;
    preview.reset();
    importer.reset();
    setFile(null);
    setCsv(null);
    setResult(null);
    setError(null);
    onClose();
  };

  const target = () => ({ organizationId, seasonId, leagueId, teamId, csv: csv ?? '' });

  const onPreview = async () => {
    setError(null);
    if (!file) {
      setError(t('players.import.chooseFileFirst'));
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setError(t('players.import.tooLarge'));
      return;
    }
    try {
      const text = await file.text();
      setCsv(text);
      setNewTeamsAgreed(false);
      await preview.mutateAsync({ organizationId, seasonId, leagueId, teamId, csv: text });
    } catch (caught) {
      setError(adminErrorMessage(caught, t('players.import.previewFailed')));
    }
  };

  const onImport = async () => {
    if (!shown) return;
    setError(null);
    try {
      setResult(await importer.mutateAsync({ ...target(), digest: shown.digest }));
    } catch (caught) {
      setError(adminErrorMessage(caught, t('players.import.failed')));
    }
  };

  const importable = shown ? shown.summary.create + shown.summary.match : 0;
  const newTeams = shown ? newTeamsOf(shown) : [];

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('players.import.title', { season: seasonName })}
      size="xl"
      fullScreen={phone}
    >
      <Stack gap="md">
        {result ? (
          <Alert color="green" variant="light" role="status" title={t('players.import.imported')}>
            {summaryText(t, result, true)}
          </Alert>
        ) : !shown ? (
          <ImportSource
            file={file}
            onFile={(value) => {
              setFile(value);
              setError(null);
            }}
            leagues={leagues}
            teams={teams}
            leagueId={leagueId}
            teamId={teamId}
            onLeague={setLeagueId}
            onTeam={setTeamId}
            disabled={busy}
          />
        ) : (
          <>
            <PreviewTable preview={shown} />
            {newTeams.length > 0 && shown.problems.length === 0 ? (
              <NewTeamsNotice
                names={newTeams}
                seasonName={seasonName}
                agreed={newTeamsAgreed}
                onAgreed={setNewTeamsAgreed}
                disabled={busy}
              />
            ) : null}
          </>
        )}

        {error ? <ErrorAlert>{error}</ErrorAlert> : null}

        <Group justify="flex-end" gap="sm">
          {result ? (
            <Button onClick={close}>{t('players.import.done')}</Button>
          ) : shown ? (
            <>
              <Button variant="default" disabled={busy} onClick={() => preview.reset()}>
                {t('common.back')}
              </Button>
              <Button
                disabled={
                  busy || importable === 0 || shown.problems.length > 0 || (newTeams.length > 0 && !newTeamsAgreed)
                }
                loading={importer.isPending}
                onClick={onImport}
              >
                {t('players.import.importCount', { count: importable })}
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={busy}>
                {t('common.cancel')}
              </Button>
              <Button onClick={onPreview} loading={preview.isPending}>
                {t('players.import.preview')}
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
