import { Alert, Button, Container, Paper, Radio, Stack, Table, Text, Title } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useParams } from 'react-router';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate } from '../../../lib/format.ts';
import { gameStateLabel } from '../../../lib/game-state.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { countStatusLabel, officialSignatureText } from '../../../lib/official-count.ts';
import { type OfficialGame, useOfficialGame, useSignAsOfficial } from '../api/sign-as-official.ts';

type Pitcher = OfficialGame['pitchers'][number];
type Tally = { pitches: number; intentionalWalks: number } | null;

/** '30', or '30 + 1 intentional walk'; '—' for no count. */
const tallyText = (t: Translate, tally: Tally) =>
  tally ? t('games.officialSign.tally', { pitches: tally.pitches, walks: tally.intentionalWalks }) : '—';

/**
 * /official/<link>: the plate umpire or game official signs a game's counts on their own phone, through the one-time
 * link Bullpen emailed them, signed in or not: the link is who they are (docs/decisions/0050-officials-are-people-the-league-knows.md). They first see what they
 * sign (every pitcher's count of both dugouts and on record, the differences, the game's state); a disputed game is
 * signed once they choose whose count stands for each difference.
 */
export function OfficialSignPage() {
  const t = useT();
  const { link } = useParams();
  const read = useOfficialGame(link);
  const sign = useSignAsOfficial();
  const [problem, setProblem] = useState<string | null>(null);
  const [settle, setSettle] = useState<Record<string, string>>({});

  const game = read.data;
  const differing = game?.pitchers.filter((p) => p.differs) ?? [];
  const onSign = () => {
    if (!link || !game) return;
    if (differing.some((p) => !settle[p.pitcherId])) {
      setProblem(t('games.officialSign.chooseEach'));
      return;
    }
    setProblem(null);
    sign.mutate({
      link,
      ...(differing.length
        ? { settle: differing.map((p) => ({ pitcherId: p.pitcherId, bookTeamId: settle[p.pitcherId] as string })) }
        : {}),
    });
  };

  let body: ReactNode;
  if (sign.data) {
    body = (
      <Alert color="green" variant="light" role="status" title={t('games.officialSign.signed')}>
        {t('games.officialSign.signedText', {
          game: sign.data.title,
          league: sign.data.leagueName,
          date: formatDate(sign.data.date),
        })}
      </Alert>
    );
  } else if (!link) {
    body = <Text size="sm">{t('games.officialSign.noLink')}</Text>;
  } else if (read.isPending) {
    body = <PageLoader label={t('games.officialSign.reading')} />;
  } else if (read.isError || !game) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(read.error, t('games.officialSign.showFailed'))}
      </Alert>
    );
  } else {
    body = (
      <GameToSign
        game={game}
        settle={settle}
        onSettle={(pitcherId, bookTeamId) => setSettle((s) => ({ ...s, [pitcherId]: bookTeamId }))}
        problem={problem ?? (sign.isError ? adminErrorMessage(sign.error, t('games.officialSign.signFailed')) : null)}
        busy={sign.isPending}
        onSign={onSign}
      />
    );
  }

  return (
    <Container size={560} py="xl" px="xs">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {t('games.officialSign.title')}
          </Title>
          {body}
        </Stack>
      </Paper>
    </Container>
  );
}

/** The game as the official signs it: its state, every pitcher's counts and the differences to settle. */
function GameToSign(props: {
  game: OfficialGame;
  settle: Record<string, string>;
  onSettle: (pitcherId: string, bookTeamId: string) => void;
  problem: string | null;
  busy: boolean;
  onSign: () => void;
}) {
  const t = useT();
  const { game } = props;
  const differing = game.pitchers.filter((p) => p.differs);
  const signedAlready = game.official?.current ? game.official : null;
  const blocked = game.withdrawn || signedAlready !== null || game.pitchers.length === 0;
  return (
    <Stack gap="sm">
      <Title order={2} fz="h4">
        {game.title}
      </Title>
      <Text size="sm">
        {t('games.officialSign.gameLine', {
          league: game.leagueName,
          date: formatDate(game.date),
          state: gameStateLabel(t, game.state),
        })}
      </Text>
      <Text size="sm" fw={700}>
        {t('games.officialSign.status', { status: countStatusLabel(t, game.status) })}
      </Text>
      {game.withdrawn ? <Notice text={t('games.officialSign.withdrawn')} /> : null}
      {signedAlready ? <Notice text={t('games.officialSign.alreadySigned', { name: signedAlready.name })} /> : null}
      {game.official && !game.official.current ? (
        <Notice text={t('games.officialSign.voided', { line: officialSignatureText(t, game.official) })} />
      ) : null}
      {game.pitchers.length === 0 ? (
        <Notice text={t('games.officialSign.nobody')} />
      ) : (
        <Table.ScrollContainer minWidth={0}>
          <Table verticalSpacing={6} horizontalSpacing={6} aria-label={t('games.officialSign.review')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('games.officialSign.pitcher')}</Table.Th>
                <Table.Th scope="col">{t('games.officialSign.onRecord')}</Table.Th>
                <Table.Th scope="col">{t('games.officialSign.otherDugout')}</Table.Th>
                <Table.Th scope="col">{t('games.officialSign.difference')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {game.pitchers.map((p) => (
                <Table.Tr key={p.pitcherId}>
                  <Table.Th scope="row" fw={500}>
                    {p.pitcherName}
                    <Text size="xs" c="dimmed">
                      {p.teamName}
                    </Text>
                  </Table.Th>
                  <Table.Td>{tallyText(t, p.official)}</Table.Td>
                  <Table.Td>{p.otherBook ? tallyText(t, p.otherBook) : t('games.officialSign.noOther')}</Table.Td>
                  <Table.Td fw={p.differs ? 700 : undefined}>{differenceText(t, p)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {!blocked && differing.length > 0 ? (
        <Stack gap="xs">
          <Text size="sm">{t('games.officialSign.settleIntro')}</Text>
          {differing.map((p) => (
            <Radio.Group
              key={p.pitcherId}
              label={t('games.officialSign.whoseCount', { pitcher: p.pitcherName })}
              value={props.settle[p.pitcherId] ?? null}
              onChange={(value) => props.onSettle(p.pitcherId, value)}
            >
              <Stack gap={6} mt={6}>
                {bookChoices(t, game, p).map((choice) => (
                  <Radio key={choice.value} value={choice.value} label={choice.label} />
                ))}
              </Stack>
            </Radio.Group>
          ))}
        </Stack>
      ) : null}
      {props.problem ? (
        <Alert color="red" variant="light" role="alert">
          {props.problem}
        </Alert>
      ) : null}
      {blocked ? null : (
        <>
          <Text size="sm">{t('games.officialSign.youSignAs', { name: game.signerName })}</Text>
          <Button size="md" onClick={props.onSign} loading={props.busy}>
            {differing.length ? t('games.officialSign.settleAndSign') : t('games.officialSign.sign')}
          </Button>
        </>
      )}
    </Stack>
  );
}

function Notice({ text }: { text: string }) {
  return (
    <Alert color="yellow" variant="light" role="status">
      {text}
    </Alert>
  );
}

/** '2 pitches' where the two dugouts differ, 'agree', or nothing to compare. */
function differenceText(t: Translate, p: Pitcher): string {
  if (!p.otherBook) return '—';
  if (!p.differs) return t('games.officialSign.agree');
  const pitches = Math.abs((p.official?.pitches ?? 0) - p.otherBook.pitches);
  return pitches > 0 ? t('games.officialSign.differsBy', { count: pitches }) : t('games.officialSign.walksDiffer');
}

/** The two counts a difference is settled between: the pitcher's own team's (on record) and the other dugout's. */
function bookChoices(t: Translate, game: OfficialGame, p: Pitcher): { value: string; label: string }[] {
  const other = game.teams.find((team) => team.teamId !== p.teamId);
  return [
    { value: p.teamId, label: t('games.officialSign.bookOf', { team: p.teamName, count: tallyText(t, p.official) }) },
    ...(other
      ? [
          {
            value: other.teamId,
            label: t('games.officialSign.bookOf', { team: other.teamName, count: tallyText(t, p.otherBook) }),
          },
        ]
      : []),
  ];
}
