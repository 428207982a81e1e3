import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { paths } from '../../../../core/paths.ts';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate, formatDateTime, withLocalDates } from '../../../lib/format.ts';
import { translatorNow } from '../../../lib/i18n.ts';
import { type PlateCard, usePlateCard } from '../api/plate-card.ts';
import { playerLabel } from './labels.ts';
import classes from './pitch-log-page.module.css';

export const PLATE_CARD_TEXT = {
  loadFailed: 'Failed to load the card',
  noRule: 'This league has no rest rule: eligibility cannot be shown.',
  scan: 'Scan to check this card is genuine and current (signed-in coaches and admins of the league).',
} as const;

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

  let body: ReactNode;
  if (card.isPending) body = <PageLoader label="Loading the card" />;
  else if (card.isError) {
    body = (
      <Alert color="red" variant="light" role="alert">
        {adminErrorMessage(card.error, PLATE_CARD_TEXT.loadFailed)}
      </Alert>
    );
  } else body = <CardSheet card={card.data} opened={token !== undefined} />;

  return (
    <Stack gap="lg" className={classes.page}>
      <Anchor component={Link} to={paths.tracker} size="sm" className={classes.noPrint}>
        ← Back to Log Pitch Outing
      </Anchor>
      <Group justify="space-between" align="center" gap="sm">
        <Title order={1}>Plate meeting card</Title>
        <Button
          variant="default"
          className={classes.noPrint}
          leftSection={<IconPrinter size={18} aria-hidden="true" />}
          onClick={() => window.print()}
          disabled={!card.data}
        >
          Print
        </Button>
      </Group>
      {body}
    </Stack>
  );
}

function CardSheet({ card, opened }: { card: PlateCard; opened: boolean }) {
  const may = card.pitchers.filter((p) => p.mayPitch === true);
  const mayNot = card.pitchers.filter((p) => p.mayPitch === false);
  return (
    <Stack gap="md">
      <div>
        <Text fw={700} size="lg">
          {card.teamName}
        </Text>
        <Text size="sm">
          {card.leagueName}, {card.seasonName} · {card.ruleName ?? 'no rest rule'}
        </Text>
        <Text size="sm">
          Eligibility as of {formatDate(card.asOf)}, read {formatDateTime(new Date())}
          {opened ? ` · card made ${formatDateTime(card.issuedAt)}` : ''}
        </Text>
        {opened ? (
          <Badge color="green" variant="light" mt={4}>
            Genuine: signed by Bullpen
          </Badge>
        ) : null}
      </div>
      {card.ruleName === null ? (
        <Alert color="yellow" variant="light" role="note">
          {PLATE_CARD_TEXT.noRule}
        </Alert>
      ) : null}
      <Table verticalSpacing={6} aria-label={`May pitch today: ${card.teamName}`}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>
          May pitch today ({may.length})
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Player</Table.Th>
            <Table.Th scope="col">Pitches left today</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {may.length === 0 ? <NobodyRow columns={2} /> : null}
          {may.map((p) => (
            <Table.Tr key={p.playerId}>
              <Table.Th scope="row" fw={500}>
                {playerLabel(p.jerseyNumber, p.name)}
              </Table.Th>
              <Table.Td>{p.pitchesLeft ?? '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Table verticalSpacing={6} aria-label={`May not pitch today: ${card.teamName}`}>
        <Table.Caption style={{ captionSide: 'top', textAlign: 'left', fontWeight: 700 }}>
          May not pitch today ({mayNot.length})
        </Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Player</Table.Th>
            <Table.Th scope="col">Not until</Table.Th>
            <Table.Th scope="col">Why</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {mayNot.length === 0 ? <NobodyRow columns={3} /> : null}
          {mayNot.map((p) => (
            <Table.Tr key={p.playerId}>
              <Table.Th scope="row" fw={500}>
                {playerLabel(p.jerseyNumber, p.name)}
              </Table.Th>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{p.notUntil ? formatDate(p.notUntil) : '—'}</Table.Td>
              <Table.Td>{p.reason ? withLocalDates(translatorNow().said(p.reasonSaid ?? p.reason)) : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Group gap="md" align="center" wrap="nowrap">
        <div
          role="img"
          aria-label="QR code of the card’s link"
          style={{ width: 132, height: 132, flex: 'none' }}
          // The server's SVG of the signed link (qrcode), not text anyone typed.
          dangerouslySetInnerHTML={{ __html: card.qrSvg }}
        />
        <Stack gap={4}>
          <Text size="sm">{PLATE_CARD_TEXT.scan}</Text>
          <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {card.url || card.path}
          </Text>
        </Stack>
      </Group>
    </Stack>
  );
}

function NobodyRow({ columns }: { columns: number }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text size="sm" c="dimmed">
          Nobody.
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
