import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { presetRule } from '../../../../core/rules/presets.ts';
import { CHANGE_HISTORY, type ChangeEntry } from '../../../lib/change-history.ts';
import { formatDate } from '../../../lib/format.ts';
import { DISMISS_REFUSED, LIST_REFUSED, type RefusedTap } from '../../../lib/refused-taps.ts';
import type { WireRule } from '../../../lib/rule-of-wire.ts';
import { LIST_SEASONS, type SeasonOption } from '../../../lib/season-options.ts';
import { type CurrentTeam, LIST_CURRENT_TEAMS } from '../../../lib/team-options.ts';
import { gqlError, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CREATE_GAME } from '../api/create-game.ts';
import { CREATE_PITCH_OUTING } from '../api/create-pitch-outing.ts';
import { DELETE_GAME } from '../api/delete-game.ts';
import { DELETE_PITCH_OUTING } from '../api/delete-pitch-outing.ts';
import { type Game, LIST_GAMES } from '../api/list-games.ts';
import { LIST_OPPONENT_TEAMS } from '../api/list-opponent-teams.ts';
import { LIST_PITCH_OUTINGS, type Outing } from '../api/list-pitch-outings.ts';
import { LIST_ROSTER, type RosterPlayer } from '../api/list-roster.ts';
import { GAME_PITCHER_STATUS } from '../api/pitcher-status.ts';
import { UPDATE_GAME } from '../api/update-game.ts';
import { UPDATE_PITCH_OUTING } from '../api/update-pitch-outing.ts';

// Pages load lazily and the suites run side by side: give slow machines time.
configure({ asyncUtilTimeout: 5000 });

const WRITE = [
  'Query.listOpponentTeams',
  'Query.pitcherStatus',
  'Mutation.createGame',
  'Mutation.updateGame',
  'Mutation.deleteGame',
  'Mutation.createPitchOuting',
  'Mutation.updatePitchOuting',
  'Mutation.deletePitchOuting',
];
// A league admin reads the league's rule; a coach may not list leagues.
const ADMIN = [...WRITE, 'Query.listLeagues'];
const COACH = WRITE;

const tigers: CurrentTeam = {
  id: 't1',
  name: 'Tigers',
  leagueId: 'l1',
  leagueName: 'Majors',
  seasonId: 's1',
  seasonName: 'Spring 2027',
  seasonState: 'active',
  organizationId: 'o1',
};
// Monday, April 12, 2027, at home against the Cubs.
const game: Game = {
  id: 'g1',
  leagueId: 'l1',
  seasonId: 's1',
  date: '2027-04-12',
  startTime: '18:00',
  homeTeamId: 't1',
  homeTeamName: 'Tigers',
  awayTeamId: 't2',
  awayTeamName: 'Cubs',
  opponentName: null,
  state: 'scheduled',
  outingCount: 1,
  signed: false,
  holdsPitching: true,
  version: 1,
  withdrawnAt: null,
  withdrawnReason: null,
};
// League age 12 on August 31, 2027: daily max 85.
const riley: RosterPlayer = {
  id: 'p1',
  firstName: 'Riley',
  lastName: 'Rivera',
  jerseyNumber: '7',
  birthDate: '2015-03-01',
};
const sam: RosterPlayer = {
  id: 'p2',
  firstName: 'Sam',
  lastName: 'Stone',
  jerseyNumber: '12',
  birthDate: '2015-06-01',
};
const samOuting: Outing = {
  id: 'o1',
  gameId: 'g1',
  seasonId: 's1',
  playerId: 'p2',
  playerName: 'Sam Stone',
  jerseyNumber: '12',
  teamId: 't1',
  date: '2027-04-12',
  pitches: 42,
  pitchesBeforeLastBatter: null,
  pitchedInnings: [1, 2, 3],
  caughtInnings: [],
  outs: 9,
  intentionalWalks: 0,
  recordedByName: 'Casey Coach',
  recordedAt: '2027-04-12T23:00:00.000Z',
  version: 2,
  corrections: [
    {
      id: 'c1',
      changedByName: 'Casey Coach',
      changedAt: '2027-04-12T23:30:00.000Z',
      reason: 'Typo on the first entry',
      before: { ...countsOf(40), pitchedInnings: [1, 2, 3], outs: 9 },
      after: { ...countsOf(42), pitchedInnings: [1, 2, 3], outs: 9 },
    },
  ],
};

function countsOf(pitches: number) {
  return {
    pitches,
    pitchesBeforeLastBatter: null,
    pitchedInnings: [],
    caughtInnings: [],
    outs: 0,
    intentionalWalks: 0,
  };
}

/** Little League baseball as pitcherStatus sends it: intervals as pitchLimits, missing ages as null. */
function storedLittleLeague(): WireRule {
  const { intervals, ageBasis, windows, ...rule } = presetRule('little-league-baseball');
  return {
    ...rule,
    ageBasis: { month: null, day: null, yearOffset: null, ...ageBasis },
    windows: windows.map((w) => ({ weekStartsOn: null, days: null, minAge: null, maxAge: null, ...w })),
    pitchLimits: intervals.map((i) => ({
      pitchCount: i.pitchCount,
      daysRest: i.daysRest,
      minAge: i.minAge ?? null,
      maxAge: i.maxAge ?? null,
    })),
  };
}

const list = <T,>(items: T[]) => ({ items, nextToken: null });

function page(handlers: Parameters<typeof mockGraphql>[0] = {}, abilities = ADMIN) {
  const mock = mockGraphql({
    me: meHandler(['admin'], abilities),
    ...on(LIST_CURRENT_TEAMS, () => ({ listTeams: list([tigers]) })),
    ...on(LIST_GAMES, () => ({ listGames: list([game]) })),
    ...on(LIST_OPPONENT_TEAMS, () => ({ listOpponentTeams: [{ id: 't2', name: 'Cubs' }] })),
    ...on(LIST_PITCH_OUTINGS, (variables) => ({
      listPitchOutings: list(variables.filter?.gameId ? [samOuting] : []),
    })),
    ...on(LIST_ROSTER, () => ({ listPlayers: list([riley, sam]) })),
    ...on(LIST_SEASONS, () => ({
      listSeasons: list<SeasonOption>([
        {
          id: 's1',
          organizationId: 'o1',
          organizationName: 'Riverside',
          name: 'Spring 2027',
          startDate: '2027-03-01',
          endDate: '2027-06-30',
          state: 'active',
          teamCount: 8,
        },
      ]),
    })),
    ...on(GAME_PITCHER_STATUS, () => ({
      pitcherStatus: {
        ruleName: 'Little League Baseball',
        rule: storedLittleLeague(),
        unit: 'pitches',
        pitchers: [
          {
            playerId: 'p1',
            today: { age: 12, dailyMax: 85, pitchedToday: 0 },
            recentOutings: [],
          },
          {
            playerId: 'p2',
            today: { age: 12, dailyMax: 85, pitchedToday: 42 },
            recentOutings: [{ outingId: 'o1', daysRest: 2, firstEligibleDate: '2027-04-15' }],
          },
        ],
      },
    })),
    ...handlers,
  });
  renderApp('/tracker', { roles: ['admin'] });
  return { ...mock, user: userEvent.setup() };
}

async function openGame(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Open game of Mon, Apr 12 vs Cubs' }));
  return screen.findByRole('heading', { level: 2, name: 'Game of Mon, Apr 12 vs Cubs' });
}

async function choosePlayer(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(await screen.findByRole('combobox', { name: 'Player' }));
  await user.click(await screen.findByRole('option', { name }));
}

const pitches = () => screen.getByRole('textbox', { name: 'Pitches' });
const preview = () => screen.getByRole('region', { name: 'Rest preview' });

describe('TrackerPage', { timeout: 20_000 }, () => {
  // A day after the games these tests record pitching in: the calendar holds.
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(new Date('2027-05-20T18:00:00'));
  });
  afterEach(() => vi.useRealTimers());

  it('lists the taps the server refused, from any device, until the coach dismisses one', async () => {
    let refused: RefusedTap[] = [
      {
        id: 'r1',
        description: 'A game you can no longer open: a pitcher, ball',
        reason: 'You are not allowed to do that.',
        descriptionSaid: null,
        reasonSaid: null,
        refusedAt: '2027-04-12T22:00:00Z',
        userName: 'Pat Lee',
        mine: true,
        moreRefused: 0,
      },
    ];
    const { user, callsOf } = page({
      ...on(LIST_REFUSED, () => ({ listRefusedPitchEvents: refused })),
      ...on(DISMISS_REFUSED, () => {
        refused = [];
        return { dismissRefusedPitchEvent: { id: 'r1' } };
      }),
    });
    const list = await screen.findByRole('list', { name: 'Taps the server refused' });
    expect(within(list).getByText('A game you can no longer open: a pitcher, ball')).toBeInTheDocument();
    expect(within(list).getByText('You are not allowed to do that.')).toBeInTheDocument();
    await user.click(
      within(list).getByRole('button', { name: 'Dismiss: A game you can no longer open: a pitcher, ball' }),
    );
    await waitFor(() =>
      expect(screen.queryByRole('list', { name: 'Taps the server refused' })).not.toBeInTheDocument(),
    );
    expect(callsOf('dismissRefusedPitchEvent')).toEqual([
      { operation: 'dismissRefusedPitchEvent', variables: { id: 'r1' } },
    ]);
  });

  it('lists the team’s games and the open game’s outings with the rest the server worked out', async () => {
    const { user } = page();
    expect(await screen.findByRole('heading', { level: 1, name: 'Log Pitch Outing' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Team' })).toHaveValue('Tigers (Majors, Spring 2027)');
    const games = await screen.findByRole('table', { name: 'Games' });
    expect(within(games).getByText('vs Cubs')).toBeInTheDocument();
    expect(within(games).getByText('6:00 PM')).toBeInTheDocument();
    await openGame(user);
    const row = (await screen.findByRole('rowheader', { name: '#12 Sam Stone' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('2 days')).toBeInTheDocument();
    expect(within(row).getByText('Thu, Apr 15')).toBeInTheDocument();
    expect(within(row).getByText('1, 2, 3')).toBeInTheDocument();
    // Sam is recorded in this game: only Riley is left to add.
    await user.click(screen.getByRole('combobox', { name: 'Player' }));
    expect(await screen.findByRole('option', { name: '#7 Riley Rivera' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: '#12 Sam Stone' })).not.toBeInTheDocument();
  });

  it('previews the rest owed and the next eligible date as the count is typed', async () => {
    const { user } = page();
    await openGame(user);
    await choosePlayer(user, '#7 Riley Rivera');
    await user.type(pitches(), '70');
    await user.type(screen.getByRole('textbox', { name: 'Pitches before last batter' }), '66');
    // 70 pitches, the last batter started at 66: the 66+ tier, 4 days; Monday + 5 = Saturday.
    await waitFor(() => expect(preview()).toHaveTextContent('Rest owed: 4 days'));
    expect(preview()).toHaveTextContent('Next eligible: Sat, Apr 17');
    expect(preview()).toHaveTextContent('Daily max: 85');
    expect(preview()).not.toHaveTextContent('The record must be true: it will be saved and reported as a violation.');
    await user.clear(screen.getByRole('textbox', { name: 'Pitches before last batter' }));
    await user.clear(pitches());
    await user.type(pitches(), '30');
    await waitFor(() => expect(preview()).toHaveTextContent('Rest owed: 1 day'));
    expect(preview()).toHaveTextContent('Next eligible: Wed, Apr 14');
  });

  it('warns when the entry breaks the daily max, and still saves it', async () => {
    const { user, callsOf } = page({ ...on(CREATE_PITCH_OUTING, () => ({ createPitchOuting: samOuting })) });
    await openGame(user);
    await choosePlayer(user, '#7 Riley Rivera');
    await user.type(pitches(), '90');
    await waitFor(() =>
      expect(preview()).toHaveTextContent(
        `Threw 90 pitches on ${formatDate('2027-04-12')}; the daily max at age 12 is 85.`,
      ),
    );
    expect(preview()).toHaveTextContent('The record must be true: it will be saved and reported as a violation.');
    // A warning, not an error: nothing is announced as an alert, and saving stays allowed.
    expect(within(preview()).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    await waitFor(() => expect(callsOf('createPitchOuting')).toHaveLength(1));
  });

  it('sends the counts under a UUID made once per draft, and the same id again on a retry', async () => {
    let attempts = 0;
    const { user, callsOf } = page({
      ...on(CREATE_PITCH_OUTING, () => {
        attempts += 1;
        // The first answer is lost (a dugout's network): nothing the app can read.
        return attempts === 1 ? { status: 502, body: {} } : { createPitchOuting: { ...samOuting, id: 'new' } };
      }),
    });
    await openGame(user);
    await choosePlayer(user, '#7 Riley Rivera');
    await user.type(pitches(), '30');
    await user.type(screen.getByRole('textbox', { name: 'Outs' }), '6');
    const pitched = screen.getByRole('group', { name: 'Innings pitched' });
    await user.click(within(pitched).getByRole('checkbox', { name: 'Inning 2' }));
    await user.click(within(pitched).getByRole('checkbox', { name: 'Inning 1' }));
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save outing');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByText('Saved: #7 Riley Rivera.')).toBeInTheDocument();
    const [first, retry] = callsOf('createPitchOuting').map((c) => c.variables.input as Record<string, unknown>);
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      gameId: 'g1',
      playerId: 'p1',
      teamId: 't1',
      pitches: 30,
      pitchesBeforeLastBatter: null,
      pitchedInnings: [1, 2],
      caughtInnings: [],
      outs: 6,
      intentionalWalks: 0,
    });
    expect(retry).toEqual(first);
    // Saved: the form is empty for the next pitcher.
    expect(pitches()).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Player' })).toHaveValue('');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the counts before sending: negative pitches are refused', async () => {
    const { user, callsOf } = page();
    await openGame(user);
    await choosePlayer(user, '#7 Riley Rivera');
    await user.type(pitches(), '-5');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Pitches must be a whole number from 0 to 300');
    expect(callsOf('createPitchOuting')).toHaveLength(0);
    // Fixed: the refusal of the old value goes as the preview reads the new one.
    await user.clear(pitches());
    await user.type(pitches(), '30');
    await waitFor(() => expect(preview()).toHaveTextContent('Rest owed: 1 day'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s refusal of an outing', async () => {
    const { user } = page({
      ...on(CREATE_PITCH_OUTING, () => gqlError('Riley Rivera is not on the Tigers roster')),
    });
    await openGame(user);
    await choosePlayer(user, '#7 Riley Rivera');
    await user.type(pitches(), '12');
    await user.click(screen.getByRole('button', { name: 'Save outing' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Riley Rivera is not on the Tigers roster');
  });

  it('corrects an outing only with a reason, sending the full counts, and shows its history', async () => {
    const { user, callsOf } = page({
      ...on(UPDATE_PITCH_OUTING, () => ({ updatePitchOuting: { ...samOuting, pitches: 45 } })),
    });
    await openGame(user);
    await user.click(await screen.findByRole('button', { name: 'Correct outing of Sam Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Correct outing' });
    expect(
      within(dialog).getByText(/Casey Coach, .*: Typo on the first entry \(pitches 40 → 42\)/),
    ).toBeInTheDocument();
    const count = within(dialog).getByRole('textbox', { name: 'Pitches' });
    expect(count).toHaveValue('42');
    await user.clear(count);
    await user.type(count, '45');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Say why the outing is corrected (the log keeps it)',
    );
    expect(callsOf('updatePitchOuting')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Miscounted the fifth inning');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updatePitchOuting')[0]?.variables).toEqual({
      input: {
        id: 'o1',
        version: 2,
        pitches: 45,
        pitchesBeforeLastBatter: null,
        pitchedInnings: [1, 2, 3],
        caughtInnings: [],
        outs: 9,
        intentionalWalks: 0,
        reason: 'Miscounted the fifth inning',
      },
    });
  });

  it('deletes an outing with a reason', async () => {
    const { user, callsOf } = page({
      ...on(DELETE_PITCH_OUTING, () => ({ deletePitchOuting: { id: 'o1', deleted: true } })),
    });
    await openGame(user);
    await user.click(await screen.findByRole('button', { name: 'Delete outing of Sam Stone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete outing' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Say why the outing is corrected (the log keeps it)',
    );
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason' }), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('deletePitchOuting')[0]?.variables).toEqual({
      input: { id: 'o1', reason: 'Entered twice', version: 2 },
    });
  });

  it('creates a game against an outside opponent, checked with the core schema, and opens it', async () => {
    const created: Game = {
      ...game,
      id: 'g2',
      date: '2027-05-01',
      awayTeamId: null,
      awayTeamName: null,
      opponentName: 'Pirates',
      outingCount: 0,
      signed: false,
      holdsPitching: false,
      version: 1,
    };
    let games = [game];
    const { user, callsOf } = page({
      ...on(LIST_GAMES, () => ({ listGames: list(games) })),
      ...on(CREATE_GAME, () => {
        games = [created, game];
        return { createGame: created };
      }),
    });
    await user.click(await screen.findByRole('button', { name: '+ New Game' }));
    const dialog = await screen.findByRole('dialog', { name: 'New Game' });
    const date = within(dialog).getByLabelText(/^Date/);
    expect(date).toHaveValue(new Date().toLocaleDateString('en-CA'));
    await user.clear(date);
    await user.type(date, '2027-05-01');
    await user.click(within(dialog).getByRole('combobox', { name: 'Opponent team' }));
    await user.click(await screen.findByRole('option', { name: 'Outside opponent' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Choose the other team or name the outside opponent',
    );
    expect(callsOf('createGame')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Opponent name' }), ' Pirates ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('createGame')[0]?.variables).toEqual({
      input: { date: '2027-05-01', startTime: null, homeTeamId: 't1', awayTeamId: null, opponentName: 'Pirates' },
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Game of Sat, May 1 vs Pirates' })).toBeInTheDocument();
  });

  it('edits a game: away at the Cubs, a new date and start time; a game holding pitching asks the reason', async () => {
    const { user, callsOf } = page({ ...on(UPDATE_GAME, () => ({ updateGame: game })) });
    await user.click(await screen.findByRole('button', { name: 'Edit game of Mon, Apr 12 vs Cubs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    expect(within(dialog).getByText(/This game holds pitch counts\. Only a league admin/)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Date/)).toHaveValue('2027-04-12');
    expect(within(dialog).getByRole('combobox', { name: 'Opponent team' })).toHaveValue('Cubs');
    await user.clear(within(dialog).getByLabelText(/^Date/));
    await user.type(within(dialog).getByLabelText(/^Date/), '2027-04-13');
    await user.click(within(dialog).getByRole('radio', { name: 'Away' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    expect(callsOf('updateGame')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText('Reason for the change'), 'Swapped home and away');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateGame')[0]?.variables).toEqual({
      input: {
        id: 'g1',
        version: 1,
        date: '2027-04-13',
        startTime: '18:00',
        homeTeamId: 't2',
        awayTeamId: 't1',
        opponentName: null,
        state: 'scheduled',
        reason: 'Swapped home and away',
      },
    });
  });

  it('offers a coach only what the server takes: no correction or new outing on a signed game, none before its day', async () => {
    const coach = ['Query.listGames', 'Query.listPitchOutings', 'Query.pitcherStatus', 'Mutation.createPitchOuting'];
    const abilities = [...coach, 'Mutation.updatePitchOuting', 'Mutation.deletePitchOuting'];
    const { user } = page(
      {
        me: meHandler(['coach'], abilities),
        ...on(LIST_GAMES, () => ({ listGames: list([{ ...game, signed: true, state: 'final' as const }]) })),
      },
      abilities,
    );
    await openGame(user);
    expect(
      await screen.findByText(
        'Both teams signed this game’s counts: only a league admin can change them now, with a reason kept in its history.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Correct outing of / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save outing' })).not.toBeInTheDocument();
  });

  it('shows a coach a game holding pitching with its date and teams fixed: only its state changes', async () => {
    const abilities = ['Query.listGames', 'Query.listPitchOutings', 'Mutation.updateGame'];
    const { user } = page(
      {
        me: meHandler(['coach'], abilities),
        ...on(LIST_GAMES, () => ({ listGames: list([{ ...game, holdsPitching: true }]) })),
      },
      abilities,
    );
    await user.click(await screen.findByRole('button', { name: 'Edit game of Mon, Apr 12 vs Cubs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    expect(within(dialog).getByLabelText(/^Date/)).toBeDisabled();
    expect(within(dialog).getByRole('radio', { name: 'Home' })).toBeDisabled();
    expect(
      within(dialog).getByText(/^This game holds pitch counts: its date, time and teams stay as they are/),
    ).toBeInTheDocument();
    expect(within(dialog).queryByLabelText(/^Reason/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toBeEnabled();
  });

  it('keeps a withdrawn game findable: listed when asked for, marked, with why, and nothing to record in it', async () => {
    const withdrawn = {
      ...game,
      id: 'g9',
      date: '2027-04-10',
      withdrawnAt: '2027-04-11T10:00:00.000Z',
      withdrawnReason: 'Entered twice',
    };
    const { user, callsOf } = page({ ...on(LIST_GAMES, () => ({ listGames: list([game, withdrawn]) })) });
    await screen.findByRole('button', { name: 'Open game of Mon, Apr 12 vs Cubs' });
    expect(callsOf('listGames')[0]?.variables).toMatchObject({ filter: { withdrawn: true } });
    expect(screen.queryByRole('button', { name: 'Open game of Sat, Apr 10 vs Cubs' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Show withdrawn games (1)' }));
    await user.click(await screen.findByRole('button', { name: 'Open game of Sat, Apr 10 vs Cubs' }));
    expect(await screen.findByText(/^This game was withdrawn: Entered twice\./)).toBeInTheDocument();
    expect(screen.getAllByText('Withdrawn: Entered twice').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Save outing' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit game of Sat, Apr 10 vs Cubs' })).not.toBeInTheDocument();
  });

  it('says when a game not yet played can take its outings, and offers no form before', async () => {
    vi.setSystemTime(new Date('2027-04-11T18:00:00'));
    const { user } = page();
    await openGame(user);
    expect(
      await screen.findByText('This game is on Mon, Apr 12: its outings can be recorded from that day.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save outing' })).not.toBeInTheDocument();
  });

  it('ends a game on Edit Game: its state becomes Final', async () => {
    const { user, callsOf } = page({
      ...on(UPDATE_GAME, () => ({ updateGame: { ...game, state: 'final' as const } })),
    });
    await user.click(await screen.findByRole('button', { name: 'Edit game of Mon, Apr 12 vs Cubs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Game' });
    expect(within(dialog).getByRole('combobox', { name: 'State' })).toHaveValue('Scheduled');
    await user.click(within(dialog).getByRole('combobox', { name: 'State' }));
    await user.click(await screen.findByRole('option', { name: 'Final' }));
    expect(within(dialog).getByText('A final game counts no more taps; its parents are told.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsOf('updateGame')[0]?.variables).toMatchObject({ input: { id: 'g1', state: 'final' } });
  });

  it('withdraws, not deletes, a game holding pitching, with a reason, and shows the server’s refusal', async () => {
    const message =
      'This game holds pitch counts: only a league admin can move or withdraw it, with a reason kept in its history.';
    const { user, callsOf } = page({ ...on(DELETE_GAME, () => gqlError(message, 'CONFLICT')) });
    await user.click(await screen.findByRole('button', { name: 'Delete game of Mon, Apr 12 vs Cubs' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw Game' });
    expect(
      within(dialog).getByText(
        'This game holds pitch counts, so it is withdrawn, not deleted: it stays in the history, its outings are deleted with your reason and no longer count for rest, and its violations are withdrawn. Only a league admin can do this.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(callsOf('deleteGame')).toHaveLength(0);
    await user.type(within(dialog).getByLabelText(/^Reason/), 'Entered twice');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(callsOf('deleteGame')[0]?.variables).toEqual({ input: { id: 'g1', version: 1, reason: 'Entered twice' } });
  });

  it('gives a coach, who may not list leagues, the same preview from the rule their team plays by', async () => {
    const { user, callsOf } = page({}, COACH);
    await openGame(user);
    await choosePlayer(user, '#7 Riley Rivera');
    await user.type(pitches(), '30');
    await waitFor(() => expect(preview()).toHaveTextContent('Rest owed: 1 day'));
    expect(preview()).toHaveTextContent('Daily max: 85');
    expect(callsOf('listLeagues')).toHaveLength(0);
  });

  it('says when the league has no rest rule', async () => {
    const { user } = page({
      ...on(GAME_PITCHER_STATUS, () => ({
        pitcherStatus: { ruleName: null, rule: null, unit: 'pitches', pitchers: [] },
      })),
    });
    await openGame(user);
    await choosePlayer(user, '#7 Riley Rivera');
    expect(preview()).toHaveTextContent('This league has no rest rule yet: an admin chooses one on League Management.');
  });

  it('shows a signed game’s history in plain words, with its CSV, and flags a change made after the signatures', async () => {
    const entry = (
      id: string,
      entity: string,
      action: string,
      at: string,
      facts: Partial<ChangeEntry>,
    ): ChangeEntry => ({
      id,
      seq: Number(id),
      at,
      actorName: 'Jo Rivera',
      session: 'ab12cd34',
      entity,
      action,
      reason: null,
      playerName: 'Sam Stone',
      teamName: null,
      before: null,
      after: null,
      hash: 'f'.repeat(64),
      ...facts,
    });
    const corrected = 'Jo Rivera changed Sam Stone’s count 42 → 40: “miscounted in the 4th”';
    const { user, callsOf } = page(
      {
        ...on(LIST_GAMES, () => ({ listGames: list<Game>([{ ...game, signed: true, state: 'final' }]) })),
        ...on(CHANGE_HISTORY, () => ({
          changeHistory: list([
            entry('4', 'outing', 'corrected', '2027-04-13T23:41:00.000Z', {
              reason: 'miscounted in the 4th',
              before: JSON.stringify({ pitches: 42 }),
              after: JSON.stringify({ pitches: 40 }),
            }),
            entry('3', 'confirmation', 'confirmed', '2027-04-13T01:00:00.000Z', {
              actorName: 'Ava Away',
              teamName: 'Cubs',
              after: '{}',
            }),
            entry('2', 'confirmation', 'confirmed', '2027-04-13T00:50:00.000Z', {
              actorName: 'Casey Coach',
              teamName: 'Tigers',
              after: '{}',
            }),
            entry('1', 'outing', 'recorded', '2027-04-12T23:00:00.000Z', {
              actorName: 'Casey Coach',
              after: JSON.stringify({ pitches: 42 }),
            }),
          ]),
        })),
      },
      [...ADMIN, 'Query.changeHistory'],
    );
    await openGame(user);
    const flag = await screen.findByRole('status', { name: /Changed after both teams signed/ });
    expect(within(flag).getByText(new RegExp(corrected))).toBeInTheDocument();
    const history = screen.getByRole('list', { name: /^Changes to the game of .*, newest first$/ });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringContaining(corrected),
      expect.stringContaining('Ava Away confirmed the counts for Cubs'),
      expect.stringContaining('Casey Coach confirmed the counts for Tigers'),
      expect.stringContaining('Casey Coach recorded Sam Stone’s outing: 42 pitches'),
    ]);
    expect(screen.getByRole('link', { name: /Download CSV of the history of the game of / })).toHaveAttribute(
      'href',
      '/api/reports/history.csv?gameId=g1',
    );
    expect(callsOf('changeHistory')[0]?.variables).toMatchObject({ gameId: 'g1' });
  });

  it('hides every change from someone who may only read, and says when there is no team', async () => {
    const { user } = page({}, ['Query.pitcherStatus']);
    await openGame(user);
    expect(screen.queryByRole('button', { name: '+ New Game' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Edit|Delete|Correct) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Add outing' })).not.toBeInTheDocument();
  });

  it('says so when the user has no team in a current season', async () => {
    page({
      ...on(LIST_CURRENT_TEAMS, () => ({ listTeams: list<CurrentTeam>([{ ...tigers, seasonState: 'archived' }]) })),
    });
    expect(await screen.findByText('You have no team in a current season.')).toBeInTheDocument();
  });
});
