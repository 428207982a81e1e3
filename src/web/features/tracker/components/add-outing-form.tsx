import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useRef, useState } from 'react';
import { adminErrorMessage } from '../../../components/admin/admin-error.ts';
import { useT } from '../../../lib/i18n.ts';
import { useCreatePitchOuting } from '../api/create-pitch-outing.ts';
import type { Game } from '../api/list-games.ts';
import { usePlayerOutings } from '../api/list-pitch-outings.ts';
import type { RosterPlayer } from '../api/list-roster.ts';
import { CountFields, type CountValues, EMPTY_COUNTS, parseCounts } from './count-fields.tsx';
import { playerLabel } from './labels.ts';
import { RestPreview, type RuleState } from './rest-preview.tsx';

export interface AddOutingFormProps {
  teamId: string;
  game: Game;
  /** The roster less the players already recorded in this game. */
  players: RosterPlayer[];
  ruleState: RuleState;
  seasonStart?: string;
}

const newId = () => crypto.randomUUID();

/**
 * 'Add outing': the player, the counts from the paper log, and the rest preview as they type.
 * The outing's id is made once per draft, so a retry after a lost answer sends the same id and the
 * server stores the outing once; a draft changed after a failed save gets a new id.
 */
export function AddOutingForm({ teamId, game, players, ruleState, seasonStart }: AddOutingFormProps) {
  const t = useT();
  const create = useCreatePitchOuting();
  const wide = useMediaQuery('(min-width: 62em)');
  const [playerId, setPlayerId] = useState<string | null>(null);
  const [values, setValues] = useState<CountValues>(EMPTY_COUNTS);
  const [draftId, setDraftId] = useState(newId);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // What the last failed save sent: a retry of the same entry keeps the id.
  const lastSent = useRef<string | null>(null);
  const running = useRef(false);

  const player = players.find((p) => p.id === playerId) ?? null;
  const history = usePlayerOutings(player?.id ?? null);
  const parsed = useMemo(() => parseCounts(values), [values]);
  const draft = parsed.success ? parsed.data : null;

  // A refusal spoke of the values as they were: an edit makes it stale, so it goes.
  const edit = (next: CountValues) => {
    setValues(next);
    setSaved(null);
    setError(null);
  };

  const save = async () => {
    if (running.current) return;
    setSaved(null);
    if (!player) {
      setError(t('games.addOuting.playerMissing'));
      return;
    }
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      setError(issue ? t.said(issue) : t('games.addOuting.saveFailed'));
      return;
    }
    const entry = { gameId: game.id, playerId: player.id, teamId, ...parsed.data };
    const payload = JSON.stringify(entry);
    let id = draftId;
    if (lastSent.current !== null && lastSent.current !== payload) {
      // Another entry under an id the server may already hold would be refused as a reused id.
      id = newId();
      setDraftId(id);
    }
    lastSent.current = payload;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await create.mutateAsync({ id, ...entry });
      setSaved(
        t('games.addOuting.saved', {
          player: playerLabel(player.jerseyNumber, `${player.firstName} ${player.lastName}`),
        }),
      );
      setPlayerId(null);
      setValues(EMPTY_COUNTS);
      setDraftId(newId());
      lastSent.current = null;
    } catch (caught) {
      setError(adminErrorMessage(caught, t('games.addOuting.saveFailed')));
    } finally {
      running.current = false;
      setBusy(false);
    }
  };

  // One preview (one live region): beside the form on a wide screen, under the counts on a phone.
  const preview = (
    <RestPreview
      ruleState={ruleState}
      game={game}
      birthDate={player?.birthDate ?? null}
      draft={player ? draft : null}
      history={history.data}
      historyError={history.isError ? adminErrorMessage(history.error, t('games.addOuting.historyLoadFailed')) : null}
      {...(seasonStart ? { seasonStart } : {})}
    />
  );

  return (
    <Stack gap="md" component="section" aria-labelledby="add-outing-heading">
      <Title order={3} id="add-outing-heading">
        {t('games.addOuting.title')}
      </Title>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <Stack gap="md">
            <Select
              label={t('games.addOuting.player')}
              placeholder={t(players.length ? 'games.addOuting.choosePlayer' : 'games.addOuting.everyoneRecorded')}
              data={players.map((p) => ({
                value: p.id,
                label: playerLabel(p.jerseyNumber, `${p.firstName} ${p.lastName}`),
              }))}
              value={playerId}
              onChange={(value) => {
                setPlayerId(value);
                setSaved(null);
                setError(null);
              }}
              searchable
              size="md"
              disabled={busy}
              nothingFoundMessage={t('games.addOuting.noPlayerFound')}
            />
            <CountFields values={values} onChange={edit} disabled={busy} between={wide ? null : preview} />
          </Stack>
          <Stack gap="md">
            {wide ? preview : null}
            {error ? (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" size="lg" loading={busy} disabled={busy}>
                {t('games.addOuting.save')}
              </Button>
            </Group>
            {saved ? (
              <Text role="status" size="sm" fw={500}>
                {saved}
              </Text>
            ) : null}
          </Stack>
        </SimpleGrid>
      </form>
    </Stack>
  );
}
