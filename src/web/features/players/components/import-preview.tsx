import { Alert, Badge, Checkbox, List, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { formatDate } from '../../../lib/format.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import type { ImportCounts, ImportPreview, ImportRow } from '../api/import-players.ts';

const ACTION_COLORS: Record<ImportRow['action'], string> = { create: 'green', match: 'blue', refuse: 'red' };

/** What an import will do (or did), in one sentence. */
export function summaryText(t: Translate, counts: ImportCounts, done = false): string {
  return t(done ? 'players.import.summaryDone' : 'players.import.summary', {
    create: counts.create,
    match: counts.match,
    refuse: counts.refuse,
    teams: counts.teamsToCreate,
    invited: counts.guardiansToCreate,
    linked: counts.guardiansToLink,
  });
}

/** A row's team as the preview writes it: 'Tigerz (Majors)'. */
const rowTeamLabel = (row: ImportRow) => `${row.teamName}${row.leagueName ? ` (${row.leagueName})` : ''}`;

/** The teams an import would create, as 'Tigerz (Majors)', once each. */
export function newTeamsOf(preview: ImportPreview): string[] {
  return [...new Set(preview.rows.filter((row) => row.teamAction === 'create' && row.teamName).map(rowTeamLabel))];
}

/** The preview: why the file cannot be imported, or what will happen to each row. */
export function PreviewTable({ preview }: { preview: ImportPreview }) {
  const t = useT();
  if (preview.problems.length > 0) {
    return (
      <Alert color="red" variant="light" role="alert" title={t('players.import.cannotImport')}>
        <Stack gap={2}>
          {preview.problems.map((problem, index) => (
            <Text size="sm" key={problem}>
              {t.said(preview.problemsSaid[index] ?? problem)}
            </Text>
          ))}
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Text size="sm" role="status">
        {summaryText(t, preview.summary)}
      </Text>
      <ScrollArea.Autosize mah={420} type="auto">
        <Table striped verticalSpacing={4} aria-label={t('players.import.previewLabel')} miw={720}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('players.import.column.line')}</Table.Th>
              <Table.Th scope="col">{t('players.import.column.player')}</Table.Th>
              <Table.Th scope="col">{t('players.field.birthDate')}</Table.Th>
              <Table.Th scope="col">{t('players.field.jersey')}</Table.Th>
              <Table.Th scope="col">{t('players.field.team')}</Table.Th>
              <Table.Th scope="col">{t('players.import.column.result')}</Table.Th>
              <Table.Th scope="col">{t('players.import.column.reason')}</Table.Th>
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
                      {t('players.import.newTeam')}
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>
                  <Badge color={ACTION_COLORS[row.action]} variant="light" miw="max-content">
                    {t(`players.import.action.${row.action}`)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="xs">{row.reasonsSaid.map((reason) => t.said(reason)).join('; ')}</Text>
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
  const t = useT();
  return (
    <Alert
      color="yellow"
      variant="light"
      title={t('players.import.newTeams.title', { count: names.length, season: seasonName })}
    >
      <Stack gap="xs">
        <Text size="sm">{t('players.import.newTeams.text')}</Text>
        <List size="sm">
          {names.map((name) => (
            <List.Item key={name}>{name}</List.Item>
          ))}
        </List>
        <Checkbox
          label={t('players.import.newTeams.agree', { count: names.length })}
          checked={agreed}
          onChange={(event) => onAgreed(event.currentTarget.checked)}
          disabled={disabled}
        />
      </Stack>
    </Alert>
  );
}
