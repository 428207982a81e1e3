import { useMutation } from '@tanstack/react-query';
import { execute } from '../../../lib/api.ts';
import { graphql, type ResultOf } from '../../../lib/graphql.ts';
import { useRefreshingMutation } from '../../../lib/use-refreshing-mutation.ts';
import { PLAYER_REFRESH } from './player-refresh.ts';

export interface ImportTarget {
  organizationId: string;
  seasonId: string;
  leagueId: string | null;
  teamId: string | null;
  csv: string;
}

/** How many players, teams and parents an import creates, matches or refuses. */
export const IMPORT_COUNT_FIELDS = graphql(`
  fragment ImportCountFields on PlayerImportCounts {
    create match refuse teamsToCreate guardiansToCreate guardiansToLink
  }
`);

export type ImportCounts = ResultOf<typeof IMPORT_COUNT_FIELDS>;

export const PREVIEW_PLAYER_IMPORT = graphql(
  `
  mutation PreviewPlayerImport($input: PlayerImportInput!) {
    previewPlayerImport(input: $input) {
      format problems problemsSaid { id values } digest summary { ...ImportCountFields }
      rows { line firstName lastName birthDate jerseyNumber leagueName teamName action teamAction reasons
        reasonsSaid { id values } guardians { email action } }
    }
  }
`,
  [IMPORT_COUNT_FIELDS],
);

export type ImportPreview = ResultOf<typeof PREVIEW_PLAYER_IMPORT>['previewPlayerImport'];
export type ImportRow = ImportPreview['rows'][number];

export const IMPORT_PLAYERS = graphql(
  `
  mutation ImportPlayers($input: ImportPlayersInput!) { importPlayers(input: $input) { ...ImportCountFields } }
`,
  [IMPORT_COUNT_FIELDS],
);

/** What the file would do, row by row; stores nothing. */
export function usePreviewPlayerImport() {
  return useMutation({
    mutationFn: (input: ImportTarget) => execute(PREVIEW_PLAYER_IMPORT, { input }).then((d) => d.previewPlayerImport),
  });
}

/** The confirmed preview, all or nothing; refused if anything changed since the preview. */
export function useImportPlayers() {
  return useRefreshingMutation(
    (input: ImportTarget & { digest: string }) => execute(IMPORT_PLAYERS, { input }).then((d) => d.importPlayers),
    PLAYER_REFRESH,
  );
}
