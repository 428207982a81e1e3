import { useMutation } from '@tanstack/react-query';
import { graphqlText } from '../../../lib/api.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export interface ImportTarget {
  organizationId: string;
  seasonId: string;
  leagueId: string | null;
  teamId: string | null;
  csv: string;
}

export interface ImportCounts {
  create: number;
  match: number;
  refuse: number;
  teamsToCreate: number;
  guardiansToCreate: number;
  guardiansToLink: number;
}

export interface ImportRow {
  line: number;
  firstName: string;
  lastName: string;
  birthDate: string;
  jerseyNumber: string | null;
  leagueName: string | null;
  teamName: string | null;
  action: 'create' | 'match' | 'refuse';
  teamAction: 'none' | 'existing' | 'create';
  reasons: string[];
  guardians: { email: string; action: 'link' | 'create' }[];
}

export interface ImportPreview {
  format: string;
  problems: string[];
  rows: ImportRow[];
  summary: ImportCounts;
  digest: string;
}

const COUNTS = 'create match refuse teamsToCreate guardiansToCreate guardiansToLink';

export const PREVIEW_PLAYER_IMPORT = `mutation PreviewPlayerImport($input: PlayerImportInput!) {
  previewPlayerImport(input: $input) {
    format problems digest summary { ${COUNTS} }
    rows { line firstName lastName birthDate jerseyNumber leagueName teamName action teamAction reasons
      guardians { email action } }
  }
}`;

export const IMPORT_PLAYERS = `mutation ImportPlayers($input: ImportPlayersInput!) { importPlayers(input: $input) { ${COUNTS} } }`;

/** What the file would do, row by row; stores nothing. */
export function usePreviewPlayerImport() {
  return useMutation({
    mutationFn: (input: ImportTarget) =>
      graphqlText<{ previewPlayerImport: ImportPreview }>(PREVIEW_PLAYER_IMPORT, { input }).then(
        (d) => d.previewPlayerImport,
      ),
  });
}

/** The confirmed preview, all or nothing; refused if anything changed since the preview. */
export function useImportPlayers() {
  return useRefreshingMutation(
    (input: ImportTarget & { digest: string }) =>
      graphqlText<{ importPlayers: ImportCounts }>(IMPORT_PLAYERS, { input }).then((d) => d.importPlayers),
    PLAYER_REFRESH,
  );
}
