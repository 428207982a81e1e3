import { Alert, Button, Container, Paper, Radio, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { officialCodeSchema, officialSignatureSchema } from '../../../../core/official-signature.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { formatDate } from '../../../lib/format.ts';
import { gameStateLabel } from '../../../lib/game-state.ts';
import { type Translate, useT } from '../../../lib/i18n.ts';
import { countStatusLabel } from '../../../lib/official-count.ts';
import { type OfficialGame, useOfficialGame, useSignAsOfficial } from '../api/sign-as-official.ts';

type Pitcher = OfficialGame['pitchers'][number];
type Tally = { pitches: number; intentionalWalks: number } | null;

/** '30', or '30 + 1 intentional walk'; '—' for no count. */
const tallyText = (t: Translate, tally: Tally) =>
  tally ? t('games.officialSign.tally', { pitches: tally.pitches, walks: tally.intentionalWalks }) : '—';

/**
 * /official: the plate umpire or game official signs a game's counts on their own phone with the
 * code the home coach's phone shows, signed in or not: the code is the right to sign. They first
 * see what they sign (every pitcher's count of both dugouts and on record, the differences, the
 * game's state); a disputed game is signed once they choose whose count stands for each difference.
 */
export function OfficialSignPage() {
  const t = useT();
  const read = useOfficialGame();
  const sign = useSignAsOfficial();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [settle, setSettle] = useState<Record<string, string>>({});

  const checked = () => {
    const parsed = officialSignatureSchema.safeParse({ code, name });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setProblem(issue ? t.said(issue) : t('games.officialSign.checkInput'));
      return null;
    }
    setProblem(null);
    return parsed.data;
  };

  const onShow = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = checked();
    if (!input) return;
    setSettle({});
    read.mutate(officialCodeSchema.parse({ code: input.code }).code);
  };

  const game = read.data;
  const differing = game?.pitchers.filter((p) => p.differs) ?? [];
  const onSign = () => {
    const input = checked();
    if (!input || !game) return;
    if (differing.some((p) => !settle[p.pitcherId])) {
      setProblem(t('games.officialSign.chooseEach'));
      return;
    }
    sign.mutate({
      code: input.code,
      name: input.name,
      ...(differing.length
        ? { settle: differing.map((p) => ({ pitcherId: p.pitcherId, bookTeamId: settle[p.pitcherId] as string })) }
        : {}),
    });
  };

  return (
    <Container size={560} py="xl" px="xs">
      <Paper withBorder p="lg" radius="md">
        <Stack gap="md">
          <Title order={1} fz="h2">
            {t('games.officialSign.title')}
          </Title>
          {sign.data ? (
            <Alert color="green" variant="light" role="status" title={t('games.officialSign.signed')}>
              {t('games.officialSign.signedText', {
                game: sign.data.title,
                league: sign.data.leagueName,
                date: formatDate(sign.data.date),
              })}
            </Alert>
          ) : game ? (
            <GameToSign
              game={game}
              settle={settle}
              onSettle={(pitcherId, bookTeamId) => setSettle((s) => ({ ...s, [pitcherId]: bookTeamId }))}
              problem={
                problem ?? (sign.isError ? adminErrorMessage(sign.error, t('games.officialSign.signFailed')) : null)
              }
              busy={sign.isPending}
              onSign={onSign}
              onBack={() => {
                read.reset();
                sign.reset();
                setProblem(null);
              }}
            />
          ) : (
            <form onSubmit={onShow} noValidate>
              <Stack gap="md">
                <Text size="sm">{t('games.officialSign.intro')}</Text>
                <TextInput
                  label={t('games.officialSign.code')}
                  required
                  size="md"
                  autoComplete="one-time-code"
                  autoCapitalize="characters"
                  value={code}
                  onChange={(event) => setCode(event.currentTarget.value)}
                />
                <TextInput
                  label={t('games.officialSign.yourName')}
                  required
                  size="md"
                  autoComplete="name"
                  value={name}
                  onChange={(event) => setName(event.currentTarget.value)}
                />
                {problem || read.isError ? (
                  <Alert color="red" variant="light" role="alert">
                    {problem ?? adminErrorMessage(read.error, t('games.officialSign.showFailed'))}
                  </Alert>
                ) : null}
                <Button type="submit" size="md" loading={read.isPending}>
                  {t('games.officialSign.show')}
                </Button>
              </Stack>
            </form>
          )}
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
  onBack: () => void;
}) {
  const t = useT();
  const { game } = props;
  const differing = game.pitchers.filter((p) => p.differs);
  const blocked = game.withdrawn || game.officialName !== null || game.pitchers.length === 0;
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
      {game.officialName ? <Notice text={t('games.officialSign.alreadySigned', { name: game.officialName })} /> : null}
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
        <Button size="md" onClick={props.onSign} loading={props.busy}>
          {differing.length ? t('games.officialSign.settleAndSign') : t('games.officialSign.sign')}
        </Button>
      )}
      <Button variant="default" size="md" onClick={props.onBack}>
        {t('games.officialSign.otherCode')}
      </Button>
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
