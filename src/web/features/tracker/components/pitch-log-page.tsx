import { Alert, Anchor, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths, pitchLogPdfPath } from '../../../../core/paths.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { reasonLines } from '../../../lib/answer.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { countStatusLabel, officialSignatureText } from '../../../lib/official-count.ts';
import { type PitchLog, type PitchLogGame, type PitchLogLine, useGamePitchLog } from '../api/game-pitch-log.ts';
import { gameStateLabel } from './game-words.ts';
import { inningsText, playerLabel } from './labels.ts';
import classes from './pitch-log-page.module.css';

/**
 * /tracker/games/:gameId/log, the pitch log: the digital twin of the paper log, laid out
 * like it (the game, one line per pitcher or catcher, the managers' signatures), to print or to
 * download as the server's PDF of the same data.
 */
export function PitchLogPage() {
  const t = useT();
  const { gameId = '' } = useParams();
  const [params] = useSearchParams();
  const log = useGamePitchLog(gameId);
  // ?team= is the tracker's team the log was opened from: back to the same game there.
  const team = params.get('team');
  const back = team ? `${paths.tracker}?${new URLSearchParams({ team, game: gameId })}` : paths.tracker;

  let body: ReactNode;
  if (log.isPending) body = <PageLoader label={t('games.pitchLog.loading')} />;
  else if (log.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(log.error, t('games.pitchLog.loadFailed'))}
      </Alert>
    );
  } else body = <PitchLogSheet log={log.data} />;

  return (
    <Stack gap="lg" className={classes.page}>
      <Anchor component={Link} to={back} size="sm" className={classes.noPrint}>
        {t('games.pitchLog.back')}
      </Anchor>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('games.pitchLog.title')}</Title>
        <Group gap="sm" className={classes.noPrint}>
          <Button
            variant="default"
            leftSection={<IconPrinter size={18} aria-hidden="true" />}
            onClick={() => window.print()}
            disabled={!log.data}
          >
            {t('common.print')}
          </Button>
          {/* A file from the server, not a page of the app: a plain link, downloaded (the server names it). */}
          <Button
            component="a"
            href={pitchLogPdfPath(gameId)}
            download
            variant="default"
            leftSection={<IconDownload size={18} aria-hidden="true" />}
          >
            {t('games.pitchLog.downloadPdf')}
          </Button>
        </Group>
      </Group>
      {body}
    </Stack>
  );
}

function PitchLogSheet({ log }: { log: PitchLog }) {
  const t = useT();
  const { game, lines } = log;
  const home = game.homeTeamName ?? game.opponentName ?? '—';
  const visitors = game.awayTeamName ?? game.opponentName ?? '—';
  return (
    <>
      <GameHeader t={t} game={game} home={home} visitors={visitors} />
      {/* Focusable, so a keyboard can scroll the log sideways on a narrow screen. */}
      <Table.ScrollContainer
        minWidth={820}
        type="native"
        tabIndex={0}
        role="region"
        aria-label={t('games.pitchLog.scrolls')}
      >
        <Table
          verticalSpacing="xs"
          withTableBorder
          withColumnBorders
          aria-label={t('games.pitchLog.table')}
          className={classes.log}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('games.pitchLog.team')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.pitcher')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.pitches')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.intentionalWalks')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.beforeLastBatter')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.inningsPitched')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.inningsCaught')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.countedBy')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.corrections')}</Table.Th>
              <Table.Th scope="col">{t('games.pitchLog.nextEligible')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={10}>
                  <Text size="sm" c="dimmed">
                    {t('games.pitchLog.noLines')}
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
                <Table.Td className={classes.nowrap} title={reasonLines(t, line.answer?.reasons ?? []).join(' ')}>
                  {nextEligibleCell(t, line.answer)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <section aria-labelledby="pitch-log-confirmations">
        <Title order={2} fz="md" id="pitch-log-confirmations">
          {t('games.pitchLog.finalCounts', { status: countStatusLabel(t, log.countStatus) })}
        </Title>
        {log.confirmations.length === 0 && !log.official ? (
          <Text fz="sm">{t('games.pitchLog.noConfirmation')}</Text>
        ) : (
          <List fz="sm" aria-label={t('games.pitchLog.confirmations')}>
            {log.confirmations.map((c) => (
              <List.Item key={c.teamName}>
                {t(
                  c.current
                    ? 'games.pitchLog.confirmed'
                    : c.changedAfter
                      ? 'games.pitchLog.confirmedChangedBy'
                      : 'games.pitchLog.confirmedChanged',
                  {
                    team: c.teamName,
                    name: c.confirmedByName,
                    when: t.moment(c.confirmedAt),
                    by: c.changedAfter?.byName ?? '',
                  },
                )}
              </List.Item>
            ))}
            {log.official ? (
              <List.Item>{t('games.pitchLog.official', { line: officialSignatureText(t, log.official) })}</List.Item>
            ) : null}
          </List>
        )}
      </section>
      <div className={classes.signatures}>
        <Signature title={t('games.pitchLog.homeManager', { team: home })} />
        <Signature title={t('games.pitchLog.visitingManager', { team: visitors })} />
      </div>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {t.said(log.recordHashSaid)}
      </Text>
      {log.headDigest ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('games.pitchLog.headDigest', { digest: log.headDigest })}
        </Text>
      ) : null}
    </>
  );
}

function GameHeader({ t, game, home, visitors }: { t: Translate; game: PitchLogGame; home: string; visitors: string }) {
  const facts: [string, string][] = [
    [t('games.pitchLog.date'), t.day(game.date)],
    [t('games.pitchLog.startTime'), game.startTime ?? '—'],
    [t('games.pitchLog.home'), home],
    [t('games.pitchLog.visitors'), visitors],
    [t('games.pitchLog.league'), game.leagueName],
    [t('games.pitchLog.season'), game.seasonName],
    [t('games.pitchLog.state'), gameStateLabel(t, game.state)],
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

function Signature({ title }: { title: string }) {
  return (
    <div className={classes.signature}>
      <div className={classes.signatureLine} />
      <Text size="sm">{title}</Text>
    </div>
  );
}

/**
 * Pitcher Status's answer on the game's date: the first day the pitcher may pitch again ('—' without
 * a rule); the reasons, each with its date, in the cell's title.
 */
function nextEligibleCell(t: Translate, answer: PitchLogLine['answer']): string {
  if (!answer) return '—';
  if (answer.canPitch) return t('games.pitchLog.mayPitchThatDay');
  return answer.nextEligibleDate ? t.day(answer.nextEligibleDate, 'weekdayShort') : t('common.noDayThisSeason');
}
