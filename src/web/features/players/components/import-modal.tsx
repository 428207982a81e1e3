import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { ErrorAlert } from '../../../components/admin/admin-page.tsx';
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

export const PREVIEW_FAILED = 'Preview failed';
export const IMPORT_FAILED = 'Import failed';
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
      setError('Choose a CSV file first');
      return;
    }
    if (file.size > MAX_FILE_BYTES) {
      setError('The file is too large: at most 7 MB');
      return;
    }
    try {
      const text = await file.text();
      setCsv(text);
      setNewTeamsAgreed(false);
      await preview.mutateAsync({ organizationId, seasonId, leagueId, teamId, csv: text });
    } catch (caught) {
      setError(adminErrorMessage(caught, PREVIEW_FAILED));
    }
  };

  const onImport = async () => {
    if (!shown) return;
    setError(null);
    try {
      setResult(await importer.mutateAsync({ ...target(), digest: shown.digest }));
    } catch (caught) {
      setError(adminErrorMessage(caught, IMPORT_FAILED));
    }
  };

  const importable = shown ? shown.summary.create + shown.summary.match : 0;
  const newTeams = shown ? newTeamsOf(shown) : [];

  return (
    <Modal opened={opened} onClose={close} title={`Import Roster into ${seasonName}`} size="xl" fullScreen={phone}>
      <Stack gap="md">
        {result ? (
          <Alert color="green" variant="light" role="status" title="Roster imported">
            {summaryText(result, true)}.
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
            <Button onClick={close}>Done</Button>
          ) : shown ? (
            <>
              <Button variant="default" disabled={busy} onClick={() => preview.reset()}>
                Back
              </Button>
              <Button
                disabled={
                  busy || importable === 0 || shown.problems.length > 0 || (newTeams.length > 0 && !newTeamsAgreed)
                }
                loading={importer.isPending}
                onClick={onImport}
              >
                {`Import ${importable} player(s)`}
              </Button>
            </>
          ) : (
            <>
              <Button variant="default" onClick={close} disabled={busy}>
                Cancel
              </Button>
              <Button onClick={onPreview} loading={preview.isPending}>
                Preview
              </Button>
            </>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
