import { Alert, Anchor, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { COUNT_STATUS_LABELS } from '../../../../core/official-count.ts';
import type { GameState } from '../../../../core/outing-inputs.ts';
import { paths, pitchLogPdfPath } from '../../../../core/paths.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { type PitchLog, type PitchLogGame, useGamePitchLog } from '../api/game-pitch-log.ts';
import { GAME_STATE_LABELS, inningsText, playerLabel } from './labels.ts';
import classes from './pitch-log-page.module.css';

export const PITCH_LOG_TEXT = {
  loadFailed: 'Failed to load the pitch log',
  noLines: 'No outing recorded for this game.',
} as const;

/**
 * /tracker/games/:gameId/log, the pitch log: the digital twin of the paper log, laid out
 * like it (the game, one line per pitcher or catcher, the managers' signatures), to print or to
 * download as the server's PDF of the same data.
 */
export function PitchLogPage() {
  const { gameId = '' } = useParams();
  const [params] = useSearchParams();
  const log = useGamePitchLog(gameId);
  // ?team= is the tracker's team the log was opened from: back to the same game there.
  const team = params.get('team');
  const back = team ? `${paths.tracker}?${new URLSearchParams({ team, game: gameId })}` : paths.tracker;

  let body: ReactNode;
  if (log.isPending) body = <PageLoader label="Loading the pitch log" />;
  else if (log.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(log.error, PITCH_LOG_TEXT.loadFailed)}
      </Alert>
    );
  } else body = <PitchLogSheet log={log.data} />;

  return (
    <Stack gap="lg" className={classes.page}>
      <Anchor component={Link} to={back} size="sm" className={classes.noPrint}>
        ← Back to Log Pitch Outing
      </Anchor>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Pitch Log</Title>
        <Group gap="sm" className={classes.noPrint}>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden="true" />}
            onClick={() => window.print()}
            disabled={!log.data}
          >
            Print
          </Button>
          {/* A file from the server, not a page of the app: a plain link, downloaded (the server names it). */}
          <Button
            component="a"
            href={pitchLogPdfPath(gameId)}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            Download PDF
          </Button>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

const confirmedAt = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function PitchLogSheet({ log }: { log: PitchLog }) {
  const { game, lines } = log;
  const home = game.homeTeamName ?? game.opponentName ?? '—';
  const visitors = game.awayTeamName ?? game.opponentName ?? '—';
  return (
    <>
      <GameHeader game={game} home={home} visitors={visitors} />
      {/* Focusable, so a keyboard can scroll the log sideways on a narrow screen. */}
      <Table.ScrollContainer
        minWidth={820}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Pitch log (scrolls sideways on a narrow screen)"
      >
        <Table verticalSpacing="xs" withTableBorder withColumnBorders aria-label="Pitch log" className={classes.log}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Team</Table.Th>
              <Table.Th scope="col">Pitcher</Table.Th>
              <Table.Th scope="col">Pitches</Table.Th>
              <Table.Th scope="col">Intentional walks</Table.Th>
              <Table.Th scope="col">Before last batter</Table.Th>
              <Table.Th scope="col">Innings pitched</Table.Th>
              <Table.Th scope="col">Innings caught</Table.Th>
              <Table.Th scope="col">Counted by</Table.Th>
              <Table.Th scope="col">Corrections</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={9}>
                  <Text size="sm" c="dimmed">
                    {PITCH_LOG_TEXT.noLines}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ) : null}
            {lines.map((line) => (
              <Table.Tr key={`${line.teamName} ${line.jerseyNumber ?? ''} ${line.playerName}`}>
                <Table.Td>{line.teamName}</Table.Td>
                <Table.Th scope="row" fw={500} className={classes.nowrap}>
                  {playerLabel(line.jerseyNumber, line.playerName)}
                </Table.Th>
                <Table.Td className={classes.number}>{line.pitches}</Table.Td>
                <Table.Td className={classes.number}>{line.intentionalWalks}</Table.Td>
                <Table.Td className={classes.number}>{line.pitchesBeforeLastBatter ?? '—'}</Table.Td>
                <Table.Td>{inningsText(line.pitchedInnings)}</Table.Td>
                <Table.Td>{inningsText(line.caughtInnings)}</Table.Td>
                <Table.Td>{line.recordedByName}</Table.Td>
                <Table.Td className={classes.number}>{line.correctionCount}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <section aria-labelledby="pitch-log-confirmations">
        <Title order={2} fz="md" id="pitch-log-confirmations">
          Final counts: {COUNT_STATUS_LABELS[log.countStatus]}
        </Title>
        {log.confirmations.length === 0 ? (
          <Text fz="sm">No team has confirmed the final counts yet.</Text>
        ) : (
          <List fz="sm" aria-label="Confirmations">
            {log.confirmations.map((c) => (
              <List.Item key={c.teamName}>
                Confirmed for {c.teamName} by {c.confirmedByName}, {confirmedAt.format(new Date(c.confirmedAt))}
                {c.current ? '' : ' (the counts changed since)'}
              </List.Item>
            ))}
          </List>
        )}
      </section>
      <div className={classes.signatures}>
        <Signature title="Home manager" team={home} />
        <Signature title="Visiting manager" team={visitors} />
      </div>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {log.recordHashLine}
      </Text>
    </>
  );
}

function GameHeader({ game, home, visitors }: { game: PitchLogGame; home: string; visitors: string }) {
  const facts: [string, string][] = [
    ['Date', formatDate(game.date)],
    ['Start time', game.startTime ?? '—'],
    ['Home', home],
    ['Visitors', visitors],
    ['League', game.leagueName],
    ['Season', game.seasonName],
    ['State', GAME_STATE_LABELS[game.state as GameState] ?? game.state],
  ];
  return (
    <dl className={classes.facts}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <dt>{term}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Signature({ title, team }: { title: string; team: string }) {
  return (
    <div className={classes.signature}>
      <div className={classes.signatureLine} />
      <Text size="sm">
        {title} ({team})
      </Text>
    </div>
  );
}
