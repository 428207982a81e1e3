import { Alert, Anchor, Badge, Button, Group, List, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { reasonLines } from '../../../lib/answer.ts';
import { withLocalDates } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import { matchupText, officialSignatureText } from '../../../lib/official-count.ts';
import { type PlateCard, usePlateCard } from '../api/plate-card.ts';
import { playerLabel } from './labels.ts';
import classes from './pitch-log-page.module.css';

/**
 * /plate?team= and /plate/:token, the plate meeting's card: who may pitch today and how
 * many pitches each has left, who may not and until when, as of now. A coach prints it (or shows
 * it on the phone); its QR code opens the same card, as of the moment it is opened, for the other
 * coach or the umpire.
 */
export function PlateCardPage() {
  const { token } = useParams();
  const [params] = useSearchParams();
  const teamId = params.get('team') ?? '';
  const card = usePlateCard(token ? { token } : { teamId });
  const t = useT();

  let body: ReactNode;
  if (card.isPending) body = <PageLoader label={t('tracker.plate.loading')} />;
  else if (card.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(card.error, t('tracker.plate.loadFailed'))}
      </Alert>
    );
  } else body = <CardSheet card={card.data} opened={token !== undefined} />;

  return (
    <Stack gap="lg" className={classes.page}>
      <Anchor component={Link} to={paths.tracker} size="sm" className={classes.noPrint}>
        {t('tracker.plate.back')}
      </Anchor>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>{t('tracker.plate.title')}</Title>
        <Button
          variant="default"
          className={classes.noPrint}
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => window.print()}
          disabled={!card.data}
        >
          {t('common.print')}
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

function CardSheet({ card, opened }: { card: PlateCard; opened: boolean }) {
  const may = card.pitchers.filter((p) => p.mayPitch === true);
  const mayNot = card.pitchers.filter((p) => p.mayPitch === false);
  const t = useT();
  const asOf = { asOf: t.day(card.asOf), readAt: t.moment(new Date()) };
  return (
    <Stack gap="md">
      <div>
        <Text fw={700} size="lg">
          {card.teamName}
        </Text>
        <Text size="sm">
          {t('tracker.plate.context', {
            league: card.leagueName,
            season: card.seasonName,
            rule: card.ruleName ?? t('tracker.plate.noRuleName'),
          })}
        </Text>
        <Text size="sm">
          {opened
            ? t('tracker.plate.asOfMade', { ...asOf, madeAt: t.moment(card.issuedAt) })
            : t('tracker.plate.asOf', asOf)}
        </Text>
        {opened ? (
          <Badge color="green" variant="light" mt={4}>
            {t('tracker.plate.genuine')}
          </Badge>
        ) : null}
      </div>
      {card.ruleName === null ? (
        <Alert color="yellow" variant="light" role="note">
          {t('tracker.plate.noRule')}
        </Alert>
      ) : null}
      <Table verticalSpacing={6} aria-label={t('tracker.plate.may.label', { team: card.teamName })}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>
          {t('tracker.plate.may.caption', { count: may.length })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tracker.plate.player')}</Table.Th>
            <Table.Th scope="col">{t('tracker.plate.pitchesLeft')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {may.length === 0 ? <NobodyRow columns={2} /> : null}
          {may.map((p) => (
            <Table.Tr key={p.playerId}>
              <Table.Th scope="row" fw={500}>
                {playerLabel(p.jerseyNumber, p.name, t)}
              </Table.Th>
              <Table.Td>{p.pitchesLeft ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table verticalSpacing={6} aria-label={t('tracker.plate.mayNot.label', { team: card.teamName })}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>
          {t('tracker.plate.mayNot.caption', { count: mayNot.length })}
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('tracker.plate.player')}</Table.Th>
            <Table.Th scope="col">{t('tracker.plate.notUntil')}</Table.Th>
            <Table.Th scope="col">{t('tracker.plate.why')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mayNot.length === 0 ? <NobodyRow columns={3} /> : null}
          {mayNot.map((p) => (
            <Table.Tr key={p.playerId}>
              <Table.Th scope="row" fw={500}>
                {playerLabel(p.jerseyNumber, p.name, t)}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.notUntil ? t.day(p.notUntil) : '—'}</Table.Td>
              <Table.Td>
                {p.reasons.length
                  ? reasonLines(t, p.reasons).map((line) => (
                      <Text key={line} size="sm">
                        {line}
                      </Text>
                    ))
                  : p.reason
                    ? withLocalDates(t.said(p.reasonSaid ?? p.reason))
                    : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {card.recentGames.length > 0 ? (
        <section aria-label={t('tracker.plate.recent')}>
          <Text size="sm" fw={700}>
            {t('tracker.plate.recent')}
          </Text>
          <List size="sm" spacing={4} listStyleType="none">
            {card.recentGames.map((g) => (
              <List.Item key={g.gameId}>
                <Text size="sm" fw={600}>
                  {t('tracker.plate.recentGame', { game: matchupText(t, g), date: t.day(g.date) })}
                </Text>
                <Text size="sm" c={g.official && !g.official.current ? 'red.8' : undefined}>
                  {g.official
                    ? t('tracker.plate.officialLine', { line: officialSignatureText(t, g.official) })
                    : t('tracker.plate.noOfficial')}
                </Text>
              </List.Item>
            ))}
          </List>
        </section>
      ) : null}
      <Group gap="md" align="center" wrap="nowrap">
        <div
          role="img"
          aria-label={t('tracker.plate.qr')}
          style={{ width: 132, height: 132, flex: 'none' }}
          // The server's SVG of the signed link (qrcode), not text anyone typed.
          dangerouslySetInnerHTML={{ __html: card.qrSvg }}
        />
        <Stack gap={4}>
          <Text size="sm">{t('tracker.plate.scan')}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {card.url || card.path}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}

function NobodyRow({ columns }: { columns: number }) {
  const t = useT();
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed">
          {t('tracker.plate.nobody')}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
