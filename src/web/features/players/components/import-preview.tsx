import { Alert, Badge, Checkbox, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format.ts';
import { translatorNow } from '../../../lib/i18n.ts';
import type { ImportCounts, ImportPreview, ImportRow } from '../api/import-players.ts';

const ACTION_BADGES: Record<ImportRow['action'], { label: string; color: string }> = {
  create: { label: 'New', color: 'green' },
  match: { label: 'Existing', color: 'blue' },
  refuse: { label: 'Refused', color: 'red' },
};

/** What an import will do (or did), in one line. */
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

/** A row's team as the preview writes it: 'Tigerz (Majors)'. */
const rowTeamLabel = (row: ImportRow) => `${row.teamName}${row.leagueName ? ` (${row.leagueName})` : ''}`;

/** The teams an import would create, as 'Tigerz (Majors)', once each. */
export function newTeamsOf(preview: ImportPreview): string[] {
  return [...new Set(preview.rows.filter((row) => row.teamAction === 'create' && row.teamName).map(rowTeamLabel))];
}

/** The preview: why the file cannot be imported, or what will happen to each row. */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  if (preview.problems.length > 0) {
    return (
      <Alert color="red" variant="light" role="alert" title="This file cannot be imported">
        <Stack gap={2}>
          {preview.problems.map((problem, index) => (
            <Text size="sm" key={problem}>
              {translatorNow().said(preview.problemsSaid[index] ?? problem)}
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
                  <Text size="xs">{row.reasonsSaid.map((reason) => translatorNow().said(reason)).join('; ')}</Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Stack>
  );
}

/** Teams the file names that the season does not have: importing creates them once the admin agrees. */
export function NewTeamsNotice({
  names,
  seasonName,
  agreed,
  onAgreed,
  disabled,
}: {
  names: string[];
  seasonName: string;
  agreed: boolean;
  onAgreed: (agreed: boolean) => void;
  disabled: boolean;
}) {
  return (
    <Alert color="yellow" variant="light" title={`${names.length} team(s) not in ${seasonName}`}>
      <Stack gap="xs">
        <Text size="sm">
          The file names teams this season does not have. Importing creates them; a mistyped name would make a team of
          its own, so check the spelling first.
        </Text>
        <List size="sm">
          {names.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
        <Checkbox
          label={`Create ${names.length} new team(s)`}
          checked={agreed}
          onChange={(event) => onAgreed(event.currentTarget.checked)}
          disabled={disabled}
        />
      </Stack>
    </Alert>
  );
}
