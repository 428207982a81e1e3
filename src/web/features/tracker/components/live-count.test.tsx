import type { Messages } from '@lingui/core';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type PitchEvent, tallyOf } from '../../../../core/pitch-events.ts';
import { presetRule } from '../../../../core/rules/presets.ts';
import type { WireAppearance } from '../../../lib/answer.ts';
import { GAME_COUNTS, type ON_GAME_COUNT } from '../../../lib/game-counts.ts';
import type { ResultOf } from '../../../lib/graphql.ts';
import { loadEagerly } from '../../../lib/i18n.ts';
import { OFFICIAL_COUNT, type OfficialCount } from '../../../lib/official-count.ts';
import { installOfflineStore } from '../../../lib/offline/app-sync.ts';
import { createMemoryStore } from '../../../lib/offline/memory-store.ts';
import type { SubmitAnswer } from '../../../lib/offline/sync.ts';
import type { BookCount } from '../../../lib/offline/types.ts';
import { SUBMIT_PITCH_EVENTS } from '../../../lib/offline/types.ts';
import type { WireRule } from '../../../lib/rule-of-wire.ts';
import { LIST_SEASONS } from '../../../lib/season-options.ts';
import { type CurrentTeam, LIST_CURRENT_TEAMS } from '../../../lib/team-options.ts';
import { type Handler, meHandler, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CONFIRM_PITCHER_CHOICE } from '../api/confirm-pitcher-choice.ts';
import { type Game, LIST_GAMES } from '../api/list-games.ts';
import { LIST_PITCH_OUTINGS } from '../api/list-pitch-outings.ts';
import { LIST_ROSTER, type RosterPlayer } from '../api/list-roster.ts';
import { GAME_ROSTER } from '../api/live-data.ts';
import { GAME_PITCHER_STATUS } from '../api/pitcher-status.ts';
import { UPDATE_GAME } from '../api/update-game.ts';

configure({ asyncUtilTimeout: 5000 });

// The other dugout's updates arrive through this stand-in for graphql-ws.
const realtime = vi.hoisted(() => {
  // Each subscription by its document; `next` delivers an update to those whose field it carries.
  const subscribers = new Set<{ document: string; next: (data: unknown) => void }>();
  return {
    subscribers,
    next: null as ((data: unknown) => void) | null,
  };
});
vi.mock('../../../lib/realtime.ts', () => ({
  subscribe: (document: unknown, _variables: unknown, handlers: { next: (data: unknown) => void }) => {
    const subscriber = { document: JSON.stringify(document), next: handlers.next };
    realtime.subscribers.add(subscriber);
    realtime.next = (data: unknown) => {
      const field = Object.keys(data as object)[0] ?? '';
      for (const s of realtime.subscribers) if (s.document.includes(`"${field}"`)) s.next(data);
    };
    return () => {
      realtime.subscribers.delete(subscriber);
      if (realtime.subscribers.size === 0) realtime.next = null;
    };
  },
  onReconnect: () => () => undefined,
  closeRealtime: () => undefined,
}));

const TIGERS = '10000000-0000-4000-8000-000000000001';
const LIONS = '10000000-0000-4000-8000-000000000002';
const GAME = '20000000-0000-4000-8000-000000000001';
const RILEY = '30000000-0000-4000-8000-000000000001';
const LEO = '30000000-0000-4000-8000-000000000002';

const tigers: CurrentTeam = {
  id: TIGERS,
  name: 'Tigers',
  leagueId: 'l1',
  leagueName: 'Majors',
  seasonId: 's1',
  seasonName: 'Spring 2027',
  seasonState: 'active',
  organizationId: 'o1',
};
const game: Game = {
  id: GAME,
  leagueId: 'l1',
  seasonId: 's1',
  date: '2027-04-12',
  startTime: '18:00',
  homeTeamId: TIGERS,
  homeTeamName: 'Tigers',
  awayTeamId: LIONS,
  awayTeamName: 'Lions',
  opponentName: null,
  state: 'scheduled',
  outingCount: 0,
  signed: false,
  holdsPitching: false,
  version: 1,
  withdrawnAt: null,
  withdrawnReason: null,
};
// League age 12: 85 a day; 36 pitches owe 2 days.
const riley: RosterPlayer = {
  id: RILEY,
  firstName: 'Riley',
  lastName: 'Rivera',
  jerseyNumber: '7',
  birthDate: '2015-03-01',
};

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

const book = (bookTeamId: string, pitches: number, extra: Partial<BookCount> = {}): BookCount => ({
  gameId: GAME,
  pitcherId: RILEY,
  pitcherName: 'Riley Rivera',
  bookTeamId,
  bookTeamName: bookTeamId === TIGERS ? 'Tigers' : 'Lions',
  official: bookTeamId === TIGERS,
  pitches,
  intentionalWalks: 0,
  pitchesBeforeLastBatter: null,
  batters: 0,
  ...extra,
});

const list = <T,>(items: T[]) => ({ items, nextToken: null });

/** An outing of Riley's record as the status report gives it. */
const appearance = (
  date: string,
  pitches: number,
  gameId = '20000000-0000-4000-8000-0000000000ff',
): WireAppearance => ({
  date,
  gameId,
  pitches,
  pitchesBeforeLastBatter: null,
  pitchedInnings: [],
  caughtInnings: [],
  outs: 0,
  intentionalWalks: 0,
});

/** A server that stores each tap once and answers each book's count, like the real one. */
function page(
  options: {
    offline?: () => boolean;
    refuse?: (e: PitchEvent) => string | null;
    counts?: BookCount[];
    gameRoster?: ResultOf<typeof GAME_ROSTER>['gameRoster'];
    /** Riley's outings before this game, as the status report gives them. */
    record?: WireAppearance[];
    /** The status report (the record) answers once this settles: a slow connection. */
    recordArrives?: Promise<void>;
    /** More or other operations. */
    handlers?: Record<string, Handler>;
  } = {},
) {
  const stored = new Map<string, PitchEvent>();
  const mock = mockGraphql({
    me: meHandler(['coach'], ['Mutation.submitPitchEvents', 'Query.pitcherStatus', 'Mutation.createPitchOuting']),
    ...on(LIST_CURRENT_TEAMS, () => ({ listTeams: list([tigers]) })),
    ...on(LIST_GAMES, () => ({ listGames: list([game]) })),
    ...on(LIST_PITCH_OUTINGS, () => ({ listPitchOutings: list([]) })),
    ...on(LIST_SEASONS, () => ({ listSeasons: list([]) })),
    ...on(LIST_ROSTER, (variables) => {
      const teamId = variables.filter?.teamId?.eq;
      // A coach reads their own roster only.
      return { listPlayers: list(teamId === TIGERS ? [riley] : []) };
    }),
    // The live view reads the rule (LiveRule), the game panel the rest owed (GamePitcherStatus): one answer for both.
    ...on(GAME_PITCHER_STATUS, async () => {
      await options.recordArrives;
      return {
        pitcherStatus: {
          ruleName: 'Little League Baseball',
          seasonStart: '2027-03-01',
          rule: storedLittleLeague(),
          unit: 'pitches',
          // Riley's record up to the game's date (the live count adds its own count to it).
          pitchers: [
            { playerId: RILEY, today: null, recentOutings: [], record: options.record ?? [] },
          ] as unknown as ResultOf<typeof GAME_PITCHER_STATUS>['pitcherStatus']['pitchers'],
        },
      };
    }),
    ...on(GAME_COUNTS, () => ({ gameCounts: options.counts ?? [] })),
    ...(options.gameRoster ? on(GAME_ROSTER, () => ({ gameRoster: options.gameRoster ?? [] })) : {}),
    ...on(SUBMIT_PITCH_EVENTS, (variables) => {
      if (options.offline?.()) throw new TypeError('Failed to fetch');
      const events = variables.input.events as PitchEvent[];
      const results = events.map((e): SubmitAnswer['results'][number] => {
        const refusal = options.refuse?.(e) ?? null;
        if (refusal) return { id: e.id, status: 'refused', message: refusal, said: null };
        const status = stored.has(e.id) ? 'duplicate' : 'accepted';
        stored.set(e.id, e);
        return { id: e.id, status, message: null, said: null };
      });
      const t = tallyOf([...stored.values()], 4);
      const base = options.counts?.find((c) => c.bookTeamId === TIGERS)?.pitches ?? 0;
      return {
        submitPitchEvents: {
          results,
          counts: [book(TIGERS, base + t.pitches, { batters: t.batters, intentionalWalks: t.intentionalWalks })],
        },
      };
    }),
    ...options.handlers,
  });
  return { ...mock, stored, user: userEvent.setup() };
}

/** The same server, where the coach may also end the game (updateGame), after which listGames says Final. */
function pageThatEnds(options: Parameters<typeof page>[0] = {}) {
  let state: Game['state'] = 'scheduled';
  return page({
    ...options,
    handlers: {
      me: meHandler(['coach'], ['Mutation.submitPitchEvents', 'Query.pitcherStatus', 'Mutation.updateGame']),
      ...on(LIST_GAMES, () => ({ listGames: list([{ ...game, state }]) })),
      ...on(UPDATE_GAME, (variables) => {
        state = variables.input.state ?? state;
        return { updateGame: { ...game, state } };
      }),
    },
  });
}

const count = () => screen.getByRole('status', { name: 'Pitch count' });

async function startCounting(user: ReturnType<typeof userEvent.setup>, pitcher: string | RegExp = /^#7 Riley Rivera/) {
  await user.click(await screen.findByRole('combobox', { name: 'Pitcher' }));
  await user.click(await screen.findByRole('option', { name: pitcher }));
  await screen.findByRole('group', { name: 'Taps' });
}

beforeEach(() => {
  installOfflineStore(createMemoryStore());
  realtime.next = null;
  // The game's day: the calendar holds, and a game is counted on its date, not before.
  vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date('2027-04-12T18:00:00'));
});
afterEach(() => {
  installOfflineStore(null);
  vi.useRealTimers();
});

describe('Live count', { timeout: 20_000 }, () => {
  it('opens from the game panel, counts each tap at once and sends them in order', async () => {
    const { user, callsOf, stored } = page();
    renderApp('/tracker', { roles: ['coach'] });
    // The first page of a run loads its code lazily: give it time on a busy machine.
    await user.click(await screen.findByRole('button', { name: /^Open game of / }, { timeout: 15_000 }));
    await user.click(await screen.findByRole('button', { name: 'Count live' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Live count' })).toBeInTheDocument();
    await startCounting(user);
    expect(screen.getByText('Tigers pitcher')).toBeInTheDocument();
    for (const label of ['New batter', 'Ball', 'Strike', 'Foul']) {
      await user.click(screen.getByRole('button', { name: label }));
    }
    await waitFor(() => expect(count()).toHaveTextContent('3'));
    await waitFor(() => expect(screen.getByText('All sent')).toBeInTheDocument());
    expect(screen.getByText('Batters faced: 1')).toBeInTheDocument();
    expect(screen.getByText('Last tap: Foul')).toBeInTheDocument();
    const sent = callsOf('submitPitchEvents').flatMap((c) => (c.variables.input as { events: PitchEvent[] }).events);
    expect(sent.map((e) => e.kind)).toEqual(['new_batter', 'ball', 'strike', 'foul']);
    expect(sent.map((e) => e.seq)).toEqual([1, 2, 3, 4]);
    expect(new Set(sent.map((e) => e.deviceId)).size).toBe(1);
    expect(sent.every((e) => e.bookTeamId === TIGERS && e.pitcherId === RILEY && e.gameId === GAME)).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    expect(screen.getByText('Last tap: Undo (Foul)')).toBeInTheDocument();
    await waitFor(() => expect(stored.size).toBe(5));
    const undo = [...stored.values()].at(-1);
    expect(undo?.kind).toBe('undo');
    expect(undo?.undoes).toBe(sent[3]?.id);
  });

  it('ends the game once asked: who pitched and their counts, waiting taps sent first, then back to the game', async () => {
    let offline = true;
    const { user, callsOf, stored } = pageThatEnds({ offline: () => offline });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1&pitcher=${RILEY}`, { roles: ['coach'] });
    await screen.findByRole('group', { name: 'Taps' });
    for (const label of ['Ball', 'Strike', 'In play', 'Ball'])
      await user.click(screen.getByRole('button', { name: label }));
    expect(await screen.findByText('4 waiting')).toBeInTheDocument();

    // Offline, the game cannot end: its taps would arrive after the end.
    await user.click(screen.getByRole('button', { name: 'End game' }));
    const dialog = await screen.findByRole('dialog', { name: 'End game' });
    expect(within(dialog).getByText(/^End the game of Mon, Apr 12 vs Lions\?/)).toBeInTheDocument();
    expect(within(dialog).getByRole('list', { name: 'Who pitched' })).toHaveTextContent(
      'Riley Rivera: 4 pitches, 2 batters',
    );
    expect(within(dialog).getByText(/4 taps are not sent yet/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'End game' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/4 taps are not sent yet/);
    expect(callsOf('updateGame')).toHaveLength(0);

    // Online: the taps go, then the game ends, and the coach is back on the game, now Final.
    offline = false;
    await user.click(within(dialog).getByRole('button', { name: 'End game' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Game of Mon, Apr 12 vs Lions' })).toBeInTheDocument();
    expect(stored.size).toBe(4);
    expect(callsOf('updateGame').map((c) => c.variables)).toEqual([{ input: { id: GAME, state: 'final' } }]);
    expect(await screen.findByLabelText('State: Final')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Count live' })).not.toBeInTheDocument();
  });

  it('keeps taps without a connection, shows how many wait, and sends them with Sync now', async () => {
    let offline = true;
    const { user, stored } = page({ offline: () => offline });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1&pitcher=${RILEY}`, { roles: ['coach'] });
    await screen.findByRole('group', { name: 'Taps' });
    await user.click(screen.getByRole('button', { name: 'Ball' }));
    await user.click(screen.getByRole('button', { name: 'Strike' }));
    expect(await screen.findByText('2 waiting')).toBeInTheDocument();
    await waitFor(() => expect(count()).toHaveTextContent('2'));
    expect(stored.size).toBe(0);
    offline = false;
    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(await screen.findByText('All sent')).toBeInTheDocument();
    expect(stored.size).toBe(2);
    expect(count()).toHaveTextContent('2');
  });

  it('marks who may pitch before the first pitch, and asks before counting a resting pitcher', async () => {
    // Riley threw 60 yesterday: 3 days of rest, eligible Friday (Little League, league age 12).
    const confirmed: unknown[] = [];
    const { user } = page({
      record: [appearance('2027-04-11', 60)],
      handlers: {
        ...on(CONFIRM_PITCHER_CHOICE, (variables) => {
          confirmed.push(variables.input);
          return {
            confirmPitcherChoice: {
              id: 'c1',
              heldOut: true,
              chosenByName: 'Cody Coach',
              chosenAt: '2027-04-12T18:00:00.000Z',
              nextEligibleDate: '2027-04-15',
            },
          };
        }),
      },
    });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1`, { roles: ['coach'] });
    await user.click(await screen.findByRole('combobox', { name: 'Pitcher' }));
    await user.click(await screen.findByRole('option', { name: '#7 Riley Rivera · Resting until Thu, Apr 15' }));
    const dialog = await screen.findByRole('dialog', { name: 'Riley Rivera may not pitch in this game' });
    expect(dialog).toHaveTextContent(
      'Resting: 60 pitches on Apr 11, 2027 owe 3 days of rest; eligible Apr 15, 2027. (until Thu, Apr 15)',
    );
    expect(dialog).toHaveTextContent('Rule: Little League Baseball');
    expect(dialog).toHaveTextContent('First day Riley may pitch: Thu, Apr 15');
    expect(dialog).toHaveTextContent(/kept in the game's history with your name, and the league's admins are emailed/);
    // Choosing someone else counts nobody and records nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('group', { name: 'Taps' })).toBeNull();
    expect(confirmed).toEqual([]);
    await user.click(await screen.findByRole('combobox', { name: 'Pitcher' }));
    await user.click(await screen.findByRole('option', { name: /^#7 Riley Rivera · Resting/ }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /may not pitch/ })).getByRole('button', {
        name: 'Pitch Riley anyway',
      }),
    );
    await screen.findByRole('group', { name: 'Taps' });
    expect(confirmed).toEqual([{ gameId: GAME, pitcherId: RILEY }]);
    // The count card says it too: held out, every reason, none left today, and Pitcher Status's date.
    expect(screen.getByText('Held out of this game')).toBeInTheDocument();
    expect(screen.getByText('0 pitches left today')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ball' }));
    await waitFor(() => expect(count()).toHaveTextContent('1'));
    expect(screen.getByText('Eligible Thu, Apr 15')).toBeInTheDocument();
  });

  it('keeps the pitcher list closed until the record has come, so no resting pitcher is chosen unwarned', async () => {
    let arrive: () => void = () => undefined;
    const recordArrives = new Promise<void>((resolve) => {
      arrive = resolve;
    });
    const { user } = page({ record: [appearance('2027-04-11', 60)], recordArrives });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1`, { roles: ['coach'] });
    const picker = await screen.findByRole('combobox', { name: 'Pitcher' });
    // The roster has come, the record not yet: nothing to choose from.
    await waitFor(() => expect(picker).toBeDisabled());
    expect(picker).toHaveAttribute('placeholder', 'Loading the roster and who may pitch…');
    arrive();
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    await user.click(await screen.findByRole('option', { name: '#7 Riley Rivera · Resting until Thu, Apr 15' }));
    expect(await screen.findByRole('dialog', { name: 'Riley Rivera may not pitch in this game' })).toBeInTheDocument();
  });

  it('counts the day’s earlier games in the pitches left (Little League: 85 a day at 12)', async () => {
    const pony = { ...storedLittleLeague(), maxGamesPerDay: null };
    const { user } = page({
      record: [appearance('2027-04-12', 30, '20000000-0000-4000-8000-0000000000ee')],
      handlers: {
        ...on(GAME_PITCHER_STATUS, () => ({
          pitcherStatus: {
            ruleName: 'Two games a day',
            seasonStart: '2027-03-01',
            rule: pony,
            unit: 'pitches',
            pitchers: [
              {
                playerId: RILEY,
                today: null,
                recentOutings: [],
                record: [appearance('2027-04-12', 30, '20000000-0000-4000-8000-0000000000ee')],
              },
            ] as unknown as ResultOf<typeof GAME_PITCHER_STATUS>['pitcherStatus']['pitchers'],
          },
        })),
      },
    });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1`, { roles: ['coach'] });
    await user.click(await screen.findByRole('combobox', { name: 'Pitcher' }));
    await user.click(await screen.findByRole('option', { name: '#7 Riley Rivera · Available, 55 pitches left today' }));
    await screen.findByRole('group', { name: 'Taps' });
    expect(screen.getByText('55 pitches left today')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ball' }));
    expect(await screen.findByText('54 pitches left today')).toBeInTheDocument();
  });

  it('opens a game dated after today only to say when counting opens', async () => {
    vi.setSystemTime(new Date('2027-04-11T18:00:00'));
    page();
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1`, { roles: ['coach'] });
    expect(await screen.findByText('This game is on Mon, Apr 12: counting opens that day.')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Pitcher' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Taps' })).toBeNull();
  });

  it('tells the phone at once that another device ended the game, before a tap bounces', async () => {
    const count: OfficialCount = {
      gameId: GAME,
      game: {
        id: GAME,
        leagueId: 'l1',
        leagueName: 'Majors',
        date: game.date,
        startTime: game.startTime,
        homeTeamId: TIGERS,
        homeTeamName: 'Tigers',
        awayTeamId: LIONS,
        awayTeamName: 'Lions',
        opponentName: null,
        state: 'in_progress',
        requiresOfficial: false,
        officialName: null,
        officialSignedAt: null,
      },
      status: 'unconfirmed',
      deadline: '2027-04-13T12:00',
      deadlinePassed: false,
      countStandsAfterDeadline: 'home',
      settledAt: null,
      official: null,
      teams: [],
      confirmations: [],
      pitchers: [],
    };
    page({ handlers: { ...on(OFFICIAL_COUNT, () => ({ officialCount: count })) } });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1&pitcher=${RILEY}`, { roles: ['coach'] });
    await screen.findByRole('group', { name: 'Taps' });
    await waitFor(() => expect(realtime.next).not.toBeNull());
    act(() => realtime.next?.({ onOfficialCount: { ...count, game: { ...count.game, state: 'final' } } }));
    expect(
      await screen.findByText(/^This game was ended on another device: taps are no longer counted/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Taps' })).toBeNull();
  });

  it('warns before the next rest tier, in a space kept for it', async () => {
    const { user } = page({ counts: [book(TIGERS, 28, { batters: 6, pitchesBeforeLastBatter: 26 })] });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1&pitcher=${RILEY}`, { roles: ['coach'] });
    await waitFor(() => expect(count()).toHaveTextContent('28'));
    const warning = screen.getByRole('status', { name: 'Warning' });
    expect(warning).toHaveTextContent(/^$/);
    expect(screen.getByText('Rest owed: 1 day')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ball' }));
    await waitFor(() => expect(count()).toHaveTextContent('29'));
    expect(warning).toHaveTextContent('At 36 pitches Riley owes 2 days of rest');
  });

  it('shows the other dugout’s count of the same pitcher as it changes, and says when they differ', async () => {
    const { user } = page({ counts: [book(TIGERS, 4)] });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1&pitcher=${RILEY}`, { roles: ['coach'] });
    await waitFor(() => expect(screen.getByRole('status', { name: 'Our count' })).toHaveTextContent('4'));
    expect(screen.getByText('No count from the Lions yet')).toBeInTheDocument();
    await waitFor(() => expect(realtime.next).not.toBeNull());
    act(() => realtime.next?.({ onGameCount: book(LIONS, 3) } satisfies ResultOf<typeof ON_GAME_COUNT>));
    await waitFor(() => expect(screen.getByRole('status', { name: 'Their count' })).toHaveTextContent('3'));
    expect(screen.getByText('Counts differ by 1')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' })); // nothing of this device's to undo
    act(() => realtime.next?.({ onGameCount: book(LIONS, 4) } satisfies ResultOf<typeof ON_GAME_COUNT>));
    expect(await screen.findByText('Counts agree')).toBeInTheDocument();
  });

  it('lists refused taps under Not accepted with the reason, and takes them out of the queue', async () => {
    const message = 'Spring 2027 is archived: its games are read-only.';
    const { user } = page({ refuse: (e) => (e.kind === 'strike' ? message : null) });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1&pitcher=${RILEY}`, { roles: ['coach'] });
    await screen.findByRole('group', { name: 'Taps' });
    await user.click(screen.getByRole('button', { name: 'Ball' }));
    await user.click(screen.getByRole('button', { name: 'Strike' }));
    const refused = await screen.findByRole('list', { name: 'Not accepted' });
    expect(within(refused).getByText(/^Strike · Riley Rivera · /)).toBeInTheDocument();
    expect(within(refused).getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('All sent')).toBeInTheDocument());
    expect(count()).toHaveTextContent('1');
  });

  it('counts the other team’s pitcher in our book once their dugout counts them (their roster is not ours to read)', async () => {
    const { user, callsOf } = page({ counts: [book(LIONS, 2, { pitcherId: LEO, pitcherName: 'Leo Lyon' })] });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1`, { roles: ['coach'] });
    await user.click(await screen.findByRole('radio', { name: 'Lions pitcher' }));
    expect(
      await screen.findByText(/The Lions roster is not shared with you/, undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    await startCounting(user, 'Leo Lyon');
    expect(screen.getByText('Lions pitcher')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ball' }));
    await waitFor(() => expect(callsOf('submitPitchEvents').length).toBeGreaterThan(0));
    const input = callsOf('submitPitchEvents')[0]?.variables.input as { events: PitchEvent[] } | undefined;
    expect(input?.events[0]).toMatchObject({ pitcherId: LEO, bookTeamId: TIGERS, kind: 'ball' });
    expect(screen.getByRole('status', { name: 'Their count' })).toHaveTextContent('2');
  });

  it('lists the other team’s players from the game’s roster, before anyone counts them', async () => {
    const { user } = page({
      gameRoster: [
        { teamId: TIGERS, players: [{ id: riley.id, firstName: 'Riley', lastName: 'Rivera', jerseyNumber: '7' }] },
        { teamId: LIONS, players: [{ id: LEO, firstName: 'Leo', lastName: 'Lyon', jerseyNumber: '9' }] },
      ],
    });
    renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1`, { roles: ['coach'] });
    await user.click(await screen.findByRole('radio', { name: 'Lions pitcher' }));
    await startCounting(user, '#9 Leo Lyon');
    expect(screen.getByText('Lions pitcher')).toBeInTheDocument();
  });

  it('counts in Spanish: the pad, the count card and the warning in whole Spanish sentences', async () => {
    const catalogues = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
      import: 'default',
      eager: true,
    });
    loadEagerly('es', catalogues);
    try {
      const { user } = page({ counts: [book(TIGERS, 28, { batters: 6, pitchesBeforeLastBatter: 26 })] });
      renderApp(`/tracker?team=${TIGERS}&game=${GAME}&live=1&pitcher=${RILEY}`, { roles: ['coach'] });
      // The first page of a run loads its code lazily: give it time.
      const pitches = await screen.findByRole('status', { name: 'Conteo de lanzamientos' }, { timeout: 15_000 });
      await waitFor(() => expect(pitches).toHaveTextContent('28'));
      expect(screen.getByRole('heading', { level: 1, name: 'Conteo en vivo' })).toBeInTheDocument();
      expect(screen.getByText('lun, 12 abr vs. Lions · libro de Tigers')).toBeInTheDocument();
      expect(screen.getByText('Lanzador de Tigers')).toBeInTheDocument();
      expect(screen.getByText('Bateadores enfrentados: 6')).toBeInTheDocument();
      expect(screen.getByText('Descanso que debe: 1 día')).toBeInTheDocument();
      expect(screen.getByText('Aún no hay conteo de Lions')).toBeInTheDocument();
      expect(screen.getByRole('group', { name: 'Toques' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Bola' }));
      await waitFor(() => expect(pitches).toHaveTextContent('29'));
      expect(screen.getByRole('status', { name: 'Aviso' })).toHaveTextContent(
        'Al llegar a 36 lanzamientos, Riley debe 2 días de descanso',
      );
      expect(screen.getByText('Último toque: Bola')).toBeInTheDocument();
      expect(await screen.findByText('Todo enviado')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Volver al juego' })).toBeInTheDocument();
    } finally {
      loadEagerly('en', catalogues);
    }
  });
});
