import {
  Alert,
  Badge,
  Button,
  Checkbox,
  FileInput,
  Group,
  List,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { IconFileTypeCsv } from '@tabler/icons-react';
import { useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { formatDate } from '../../../lib/format.ts';
import type { LeagueOption } from '../../../lib/league-options.ts';
import { type TeamOption, teamLabel } from '../../../lib/team-options.ts';
import { usePhone } from '../../../lib/use-phone.ts';
import {
  type ImportCounts,
  type ImportPreview,
  type ImportRow,
  useImportPlayers,
  usePreviewPlayerImport,
} from '../api/import-players.ts';

export const PREVIEW_FAILED = 'Preview failed';
export const IMPORT_FAILED = 'Import failed';
/** The largest file the server reads (its request limit is 8 MiB). */
const MAX_FILE_BYTES = 7 * 1024 * 1024;

const ACTION_BADGES: Record<ImportRow['action'], { label: string; color: string }> = {
  create: { label: 'New', color: 'green' },
  match: { label: 'Existing', color: 'blue' },
  refuse: { label: 'Refused', color: 'red' },
};

export function summaryText(counts: ImportCounts, done = false): string {
  const verb = done ? '' : 'will be ';
  const parts = [
    `${counts.create} new player(s)`,
    `${counts.match} existing`,
    `${counts.refuse} refused`,
    `${counts.teamsToCreate} new team(s)`,
    `${counts.guardiansToCreate} parent(s) ${verb}invited`,
    `${counts.guardiansToLink} ${verb}linked`,
  ];
  return parts.join(', ');
}

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
          <>
            <Text size="sm">
              A CSV export of Sports Connect / Blue Sombrero, SportsEngine, or a file with the columns First, Last,
              Birth Date, Jersey (and optionally Guardian Email). You will see what happens to each row before anything
              is stored.
            </Text>
            <FileInput
              label="CSV file"
              placeholder="Choose a file"
              accept=".csv,text/csv"
              leftSection={<IconFileTypeCsv size={16} aria-hidden />}
              value={file}
              onChange={(value) => {
                setFile(value);
                setError(null);
              }}
              clearable
              disabled={busy}
            />
            <Select
              label="League"
              description="For rows without a Division Name column"
              data={leagues.map((l) => ({ value: l.id, label: l.name }))}
              value={leagueId}
              onChange={(value) => {
                setLeagueId(value);
                if (value && teamId && !teams.some((t) => t.id === teamId && t.leagueId === value)) setTeamId(null);
              }}
              clearable
              disabled={busy}
            />
            <Select
              label="Team"
              description="For rows without a Team Name column"
              data={teams
                .filter((t) => !leagueId || t.leagueId === leagueId)
                .map((t) => ({ value: t.id, label: teamLabel(t) }))}
              value={teamId}
              onChange={(value) => {
                setTeamId(value);
                const team = teams.find((t) => t.id === value);
                if (team) setLeagueId(team.leagueId);
              }}
              clearable
              disabled={busy}
            />
          </>
        ) : (
          <>
            <PreviewTable preview={shown} />
            {newTeams.length > 0 && shown.problems.length === 0 ? (
              <Alert color="yellow" variant="light" title={`${newTeams.length} team(s) not in ${seasonName}`}>
                <Stack gap="xs">
                  <Text size="sm">
                    The file names teams this season does not have. Importing creates them; a mistyped name would make a
                    team of its own, so check the spelling first.
                  </Text>
                  <List size="sm">
                    {newTeams.map((name) => (
                      <List.Item key={name}>{name}</List.Item>
                    ))}
                  </List>
                  <Checkbox
                    label={`Create ${newTeams.length} new team(s)`}
                    checked={newTeamsAgreed}
                    onChange={(event) => setNewTeamsAgreed(event.currentTarget.checked)}
                    disabled={busy}
                  />
                </Stack>
              </Alert>
            ) : null}
          </>
        )}

        {error ? (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        ) : null}

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

/** A row's team as the preview writes it: 'Tigerz (Majors)'. */
const rowTeamLabel = (row: ImportRow) => `${row.teamName}${row.leagueName ? ` (${row.leagueName})` : ''}`;

/** The teams an import would create, as 'Tigerz (Majors)', once each. */
export function newTeamsOf(preview: ImportPreview): string[] {
  return [...new Set(preview.rows.filter((row) => row.teamAction === 'create' && row.teamName).map(rowTeamLabel))];
}

function PreviewTable({ preview }: { preview: ImportPreview }) {
  if (preview.problems.length > 0) {
    return (
      <Alert color="red" variant="light" role="alert" title="This file cannot be imported">
        <Stack gap={2}>
          {preview.problems.map((problem) => (
            <Text size="sm" key={problem}>
              {problem}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {summaryText(preview.summary)}.
      </Text>
      <ScrollArea.Autosize mah={420} type="auto">
        <Table striped verticalSpacing={4} aria-label="Import preview" miw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Line</Table.Th>
              <Table.Th scope="col">Player</Table.Th>
              <Table.Th scope="col">Birth Date</Table.Th>
              <Table.Th scope="col">Jersey</Table.Th>
              <Table.Th scope="col">Team</Table.Th>
              <Table.Th scope="col">Result</Table.Th>
              <Table.Th scope="col">Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {preview.rows.map((row) => (
              <Table.Tr key={row.line}>
                <Table.Td>{row.line}</Table.Td>
                <Table.Td>{`${row.firstName} ${row.lastName}`.trim() || '—'}</Table.Td>
                <Table.Td>{row.birthDate ? formatDate(row.birthDate) : '—'}</Table.Td>
                <Table.Td>{row.jerseyNumber ?? ''}</Table.Td>
                <Table.Td>
                  {row.teamName ? rowTeamLabel(row) : '—'}
                  {row.teamAction === 'create' ? (
                    <Badge size="xs" ml={4} variant="outline" miw="max-content">
                      new team
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={ACTION_BADGES[row.action].color} variant="light" miw="max-content">
                    {ACTION_BADGES[row.action].label}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{row.reasons.join('; ')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}
