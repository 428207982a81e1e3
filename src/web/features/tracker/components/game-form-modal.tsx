import { Alert, Group, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useState } from 'react';
import { correctionReasonSchema, GAME_STATES, gameSchema } from '../../../../core/outing-inputs.ts';
import { AdminModal } from '../../../components/admin/admin-modal.tsx';
import { localToday } from '../../../lib/format.ts';
import { useT } from '../../../lib/i18n.ts';
import type { GameFields } from '../api/create-game.ts';
import type { Game } from '../api/list-games.ts';
import type { OpponentTeam } from '../api/list-opponent-teams.ts';
import { gameStateLabel } from './game-words.ts';
import { OUTSIDE } from './labels.ts';

export interface GameFormModalProps {
  opened: boolean;
  /** The team whose games these are: it plays home or away. */
  teamId: string;
  /** The game to edit; null for a new one. */
  game: Game | null;
  /** The other teams of the league and season. */
  opponents: OpponentTeam[];
  busy: boolean;
  error: string | null;
  onClose: () => void;
  /** Shows the first problem in the error box. */
  onProblem: (message: string) => void;
  /** `reason`: why a game that holds pitching was moved (an admin's correction, kept in its history). */
  onSave: (fields: GameFields, reason?: string) => void;
  /** Whether the user may move a game that holds pitching (a league admin): else its date and teams stay put. */
  mayMove?: boolean;
}

/** New Game or Edit Game: date, start time, home or away, and the opponent, checked with gameSchema. */
export function GameFormModal(props: GameFormModalProps) {
  return props.opened ? <GameForm {...props} /> : null;
}

function initialValues(game: Game | null, teamId: string) {
  if (!game)
    return { date: localToday(), startTime: '', side: 'home', opponent: null, opponentName: '', state: 'scheduled' };
  const home = game.homeTeamId === teamId;
  const otherTeam = home ? game.awayTeamId : game.homeTeamId;
  return {
    date: game.date,
    startTime: game.startTime ?? '',
    side: home ? 'home' : 'away',
    opponent: otherTeam ?? OUTSIDE,
    opponentName: otherTeam ? '' : (game.opponentName ?? ''),
    state: game.state as string,
  };
}

function GameForm({
  teamId,
  game,
  opponents,
  busy,
  error,
  onClose,
  onProblem,
  onSave,
  mayMove = true,
}: GameFormModalProps) {
  const t = useT();
  const [values, setValues] = useState<{
    date: string;
    startTime: string;
    side: string;
    opponent: string | null;
    opponentName: string;
    state: string;
  }>(() => initialValues(game, teamId));
  const [reason, setReason] = useState('');
  // Moving a game that holds pitching is an admin's correction, with a reason (decision 0034): anyone else
  // sees its date, time and teams as they are, and may change its state only.
  const holds = game?.holdsPitching === true;
  const asksReason = holds && mayMove;
  const fixed = busy || (holds && !mayMove);
  const set = (key: keyof typeof values) => (value: string | null) =>
    setValues((current) => ({ ...current, [key]: value }));

  const onConfirm = () => {
    const otherTeam = values.opponent && values.opponent !== OUTSIDE ? values.opponent : null;
    const [ours, theirs] = [teamId, otherTeam];
    const parsed = gameSchema.safeParse({
      date: values.date,
      startTime: values.startTime,
      homeTeamId: values.side === 'home' ? ours : theirs,
      awayTeamId: values.side === 'home' ? theirs : ours,
      opponentName: values.opponent === OUTSIDE ? values.opponentName : null,
      state: values.state,
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0]?.message;
      onProblem(issue ? t.said(issue) : t('games.form.checkGame'));
      return;
    }
    const { date, startTime, homeTeamId, awayTeamId, opponentName, state } = parsed.data;
    const moved =
      game !== null &&
      (date !== game.date ||
        startTime !== game.startTime ||
        homeTeamId !== game.homeTeamId ||
        awayTeamId !== game.awayTeamId ||
        opponentName !== game.opponentName);
    let why: string | undefined;
    if (asksReason && moved) {
      const checked = correctionReasonSchema.safeParse(reason);
      if (!checked.success) {
        const issue = checked.error.issues[0]?.message;
        onProblem(issue ? t.said(issue) : t('games.form.sayWhy'));
        return;
      }
      why = checked.data;
    }
    // A new game is scheduled; Edit Game may end it (Final tells its live count's parents) or reopen it.
    onSave({ date, startTime, homeTeamId, awayTeamId, opponentName, ...(game ? { state } : {}) }, why);
  };

  return (
    <AdminModal
      opened
      title={t(game ? 'games.form.editTitle' : 'games.form.newTitle')}
      onClose={onClose}
      onConfirm={onConfirm}
      busy={busy}
      error={error}
    >
      <Group grow align="flex-start" gap="sm">
        <TextInput
          label={t('games.form.date')}
          type="date"
          required
          size="md"
          data-autofocus
          disabled={fixed}
          value={values.date}
          onChange={(event) => set('date')(event.currentTarget.value)}
        />
        <TextInput
          label={t('games.form.startTime')}
          type="time"
          size="md"
          disabled={fixed}
          value={values.startTime}
          onChange={(event) => set('startTime')(event.currentTarget.value)}
        />
      </Group>
      <Radio.Group label={t('games.form.homeOrAway')} value={values.side} onChange={set('side')}>
        <Group gap="lg" mt={6}>
          <Radio value="home" label={t('games.form.home')} size="md" disabled={fixed} />
          <Radio value="away" label={t('games.form.away')} size="md" disabled={fixed} />
        </Group>
      </Radio.Group>
      <Stack gap="sm">
        <Select
          label={t('games.form.opponentTeam')}
          placeholder={t('games.form.chooseOpponent')}
          size="md"
          data={[
            ...opponents.map((team) => ({ value: team.id, label: team.name })),
            { value: OUTSIDE, label: t('games.form.outsideOpponent') },
          ]}
          value={values.opponent}
          onChange={set('opponent')}
          allowDeselect={false}
          disabled={fixed}
          comboboxProps={{ withinPortal: true }}
        />
        {values.opponent === OUTSIDE ? (
          <TextInput
            label={t('games.form.opponentName')}
            placeholder={t('games.form.opponentNameExample')}
            required
            size="md"
            disabled={fixed}
            value={values.opponentName}
            onChange={(event) => set('opponentName')(event.currentTarget.value)}
          />
        ) : null}
      </Stack>
      {game ? (
        <Select
          label={t('games.form.state')}
          size="md"
          data={GAME_STATES.map((state) => ({ value: state, label: gameStateLabel(t, state) }))}
          value={values.state}
          onChange={set('state')}
          allowDeselect={false}
          disabled={busy}
          description={values.state === 'final' ? t('games.form.finalNote') : undefined}
          comboboxProps={{ withinPortal: true }}
        />
      ) : null}
      {holds && !mayMove ? (
        <Alert color="yellow" variant="light" role="note">
          {t('games.form.holdsPitchingFixed')}
        </Alert>
      ) : null}
      {asksReason ? (
        <>
          <Alert color="yellow" variant="light" role="note">
            {t('games.form.holdsPitching')}
          </Alert>
          <Textarea
            label={t('games.form.reason')}
            description={t('games.form.reasonHelp')}
            rows={2}
            size="md"
            disabled={busy}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
          />
        </>
      ) : null}
    </AdminModal>
  );
}
