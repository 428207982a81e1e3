import type { Messages } from '@lingui/core';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { presetRule } from '../../../../core/rules/presets.ts';
import { GAME_COUNTS, type ON_GAME_COUNT } from '../../../lib/game-counts.ts';
import type { ResultOf } from '../../../lib/graphql.ts';
import { loadEagerly } from '../../../lib/i18n.ts';
import type { ME_QUERY } from '../../../lib/me.ts';
import type { BookCount } from '../../../lib/offline/types.ts';
import type { WireRule } from '../../../lib/rule-of-wire.ts';
import { gqlError, meHandler, mockGraphql, ok, on, saidAs } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { CHILD_STATUS, type ChildStatus, type LiveGame } from '../api/child-status.ts';
import { type Child, MY_CHILDREN } from '../api/my-children.ts';
import { type MY_PREFERENCES, UPDATE_MY_PREFERENCES } from '../api/preferences.ts';
import { REQUEST_PLAYER_REMOVAL } from '../api/request-removal.ts';

// The coach's taps arrive through this stand-in for graphql-ws, one stream per game.
const realtime = vi.hoisted(() => ({ streams: new Map<string, (data: unknown) => void>() }));
vi.mock('../../../lib/realtime.ts', () => ({
  subscribe: (_document: unknown, variables: { gameId: string }, handlers: { next: (data: unknown) => void }) => {
    realtime.streams.set(variables.gameId, handlers.next);
    return () => realtime.streams.delete(variables.gameId);
  },
  onReconnect: () => () => undefined,
  closeRealtime: () => undefined,
}));

const season = { seasonName: 'Spring 2027', seasonState: 'active' as const };
const riley: Child = {
  id: 'p1',
  firstName: 'Riley',
  lastName: 'Adams',
  birthDate: '2015-05-02',
  jerseyNumber: '12',
  leagueAge: 12,
  organizationToday: '2027-04-12',
  teams: [{ id: 't1', name: 'Tigers', leagueName: 'Majors', ...season }],
  removalRequest: null,
};
const max: Child = {
  ...riley,
  id: 'p2',
  firstName: 'Max',
  jerseyNumber: null,
  leagueAge: 10,
  teams: [{ id: 't2', name: 'Cubs', leagueName: 'Minors', ...season }],
};
const sam: Child = { ...riley, id: 'p3', firstName: 'Sam', jerseyNumber: '4', teams: [] };
const jo: Child = { ...riley, id: 'p4', firstName: 'Jo', jerseyNumber: '5' };

const outing: ChildPitcher['recentOutings'][number] = {
  outingId: 'o1',
  date: '2027-04-10',
  opponent: 'Lions',
  pitches: 70,
  daysRest: 4,
};
const today: NonNullable<ChildPitcher['today']> = {
  canPitch: true,
  remainingToday: 85,
  restDaysOwed: 0,
  nextEligibleDate: '2027-04-12',
  reason: null,
  reasons: [],
};
type ChildPitcher = ChildStatus['pitchers'][number];
const report = (
  playerId: string,
  pitcher: Partial<ChildPitcher>,
  ruleName: string | null = 'Little League',
): ResultOf<typeof CHILD_STATUS> => ({
  pitcherStatus: {
    asOf: '2027-04-12',
    teamName: 'Tigers',
    leagueName: 'Majors',
    seasonStart: '2027-03-01',
    ruleName,
    unit: 'pitches',
    rule: null,
    pitchers: [{ playerId, today, recentOutings: [], liveGames: [], record: [], ...pitcher }],
  },
});

function page(children: Child[], statuses: Record<string, ResultOf<typeof CHILD_STATUS>>) {
  const mock = mockGraphql({
    me: meHandler(['parent']),
    ...on(MY_CHILDREN, () => ({ listPlayers: { items: children, nextToken: null } })),
    ...on(
      CHILD_STATUS,
      (variables) =>
        statuses[String(variables.playerId)] ?? gqlError('This player is on no team yet: put them on a roster first'),
    ),
  });
  renderApp('/parent/players', { roles: ['parent'] });
  return mock;
}

/** Little League as GraphQL answers a rule. */
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

const cardOf = (name: string) => screen.findByRole('region', { name });

const CATALOGUES = import.meta.glob<Messages>('../../../../core/i18n/catalogues/*/*.json', {
  import: 'default',
  eager: true,
});
afterEach(() => loadEagerly('en', CATALOGUES));

describe('MyChildrenPage', () => {
  it('shows each child with their team and whether they may pitch today', async () => {
    const { callsOf } = page([riley, max, sam, jo], {
      p1: report('p1', {
        today: {
          ...today,
          canPitch: false,
          remainingToday: 0,
          restDaysOwed: 4,
          nextEligibleDate: '2027-04-15',
          reason: {
            code: 'PITCHED_BEFORE_ELIGIBLE',
            message: 'Resting: 70 pitches on 2027-04-10 owe 4 days.',
            said: saidAs('Resting: 70 pitches on 2027-04-10 owe 4 days.'),
          },
        },
        recentOutings: [outing],
      }),
      p2: report('p2', {}),
      p4: report('p4', {
        today: {
          ...today,
          canPitch: false,
          remainingToday: 0,
          nextEligibleDate: '2027-04-13',
          reason: {
            code: 'TOO_MANY_GAMES_IN_DAY',
            message: 'Already pitched in 1 game today.',
            said: saidAs('Already pitched in 1 game today.'),
          },
        },
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: "My Child's Status" })).toBeInTheDocument();

    const rileyCard = await cardOf('Riley Adams');
    expect(within(rileyCard).getByText('#12')).toBeInTheDocument();
    expect(within(rileyCard).getByText('Tigers (Majors), Spring 2027')).toBeInTheDocument();
    expect(await within(rileyCard).findByText('Resting · eligible Thu, Apr 15')).toBeInTheDocument();
    expect(
      within(rileyCard).getByText('Last outing: Sat, Apr 10 vs Lions · 70 pitches · 4 days of rest owed'),
    ).toBeInTheDocument();

    const maxCard = await cardOf('Max Adams');
    expect(await within(maxCard).findByText('Can pitch today · 85 left')).toBeInTheDocument();
    expect(within(maxCard).getByText('No outing recorded yet.')).toBeInTheDocument();

    const samCard = await cardOf('Sam Adams');
    expect(within(samCard).getByText('Not on a team this season.')).toBeInTheDocument();
    expect(await within(samCard).findByText('No status: not on a team this season.')).toBeInTheDocument();

    const joCard = await cardOf('Jo Adams');
    // Not today, and when next: always the date.
    expect(
      await within(joCard).findByText(/^Not today: Already pitched in 1 game today\. · eligible \w{3}, Apr 13$/),
    ).toBeInTheDocument();

    expect(callsOf('pitcherStatus').map((c) => c.variables)).toEqual(
      expect.arrayContaining([{ playerId: 'p1' }, { playerId: 'p2' }, { playerId: 'p3' }, { playerId: 'p4' }]),
    );
  });

  it('speaks Spanish: the page, today’s words, the latest outing and the rest owed', async () => {
    loadEagerly('es', CATALOGUES);
    page([riley, max, jo], {
      p1: report('p1', {
        today: { ...today, remainingToday: null },
        recentOutings: [outing],
      }),
      p2: report('p2', { today: null, recentOutings: [{ ...outing, pitches: 1, opponent: '' }] }, null),
      p4: report('p4', {
        today: {
          ...today,
          canPitch: false,
          remainingToday: 0,
          nextEligibleDate: '2027-04-13',
          reason: {
            code: 'TOO_MANY_GAMES_IN_DAY',
            message: 'Already pitched in 1 game today.',
            said: saidAs('Already pitched in 1 game today.'),
          },
        },
        recentOutings: [{ ...outing, daysRest: 0 }],
      }),
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Estado de mi hijo/a' })).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: /Enviarme un correo cuando mi hijo lance/ })).toBeInTheDocument();
    const rileyCard = await cardOf('Riley Adams');
    expect(within(rileyCard).getByText('Nació el 2 may 2015 · Edad de liga: 12')).toBeInTheDocument();
    expect(await within(rileyCard).findByText('Puede lanzar hoy')).toBeInTheDocument();
    expect(
      within(rileyCard).getByText('Última salida: sáb, 10 abr vs. Lions · 70 lanzamientos · debe 4 días de descanso'),
    ).toBeInTheDocument();
    const maxCard = await cardOf('Max Adams');
    expect(await within(maxCard).findByText('Sin estado: Majors aún no tiene regla de descanso.')).toBeInTheDocument();
    expect(within(maxCard).getByText('Última salida: sáb, 10 abr · 1 lanzamiento')).toBeInTheDocument();
    const joCard = await cardOf('Jo Adams');
    // The engine's reason comes as the server gave it; the words around it are Spanish.
    expect(
      await within(joCard).findByText('Hoy no: Already pitched in 1 game today. · puede lanzar desde el mar, 13 abr'),
    ).toBeInTheDocument();
    expect(
      within(joCard).getByText('Última salida: sáb, 10 abr vs. Lions · 70 lanzamientos · no debe descanso'),
    ).toBeInTheDocument();
  });

  it('says when the league has no rule', async () => {
    page([max], { p2: report('p2', { today: null, recentOutings: [outing] }, null) });
    const card = await cardOf('Max Adams');
    expect(await within(card).findByText('No status: Majors has no rest rule yet.')).toBeInTheDocument();
    expect(within(card).getByText('Last outing: Sat, Apr 10 vs Lions · 70 pitches')).toBeInTheDocument();
  });

  it("shows the live count of today's game as the coach taps it, and who is not pitching yet", async () => {
    const tigersGame: LiveGame = {
      state: 'in_progress',
      id: 'g1',
      date: '2027-04-12',
      startTime: '18:00',
      teamId: 't1',
      opponent: 'Lions',
    };
    const cubsGame: LiveGame = {
      state: 'scheduled',
      id: 'g2',
      date: '2027-04-12',
      startTime: null,
      teamId: 't2',
      opponent: 'Bears',
    };
    // League age 12 (born 2015-05-02): Little League, 21 to 35 pitches owe 1 day, 36 to 50 two.
    const book = (pitches: number, extra: Partial<BookCount> = {}): BookCount => ({
      gameId: 'g1',
      pitcherId: 'p1',
      pitcherName: 'Riley Adams',
      bookTeamId: 't1',
      bookTeamName: 'Tigers',
      official: true,
      pitches,
      intentionalWalks: 0,
      pitchesBeforeLastBatter: null,
      batters: 1,
      ...extra,
    });
    const lionsBook = book(31, { bookTeamId: 't9', bookTeamName: 'Lions', official: false });
    const withRule = (playerId: string, liveGames: LiveGame[]): ResultOf<typeof CHILD_STATUS> => {
      const answer = report(playerId, { liveGames });
      return { pitcherStatus: { ...answer.pitcherStatus, rule: storedLittleLeague() } };
    };
    const { callsOf } = mockGraphql({
      me: meHandler(['parent']),
      ...on(MY_CHILDREN, () => ({ listPlayers: { items: [riley, max, sam], nextToken: null } })),
      ...on(
        CHILD_STATUS,
        (variables) =>
          ({
            p1: withRule('p1', [{ ...tigersGame, state: 'in_progress' }]),
            p2: withRule('p2', [{ ...cubsGame, state: 'scheduled' }]),
            p3: withRule('p3', []),
          })[String(variables.playerId)] ?? gqlError('no such child'),
      ),
      ...on(GAME_COUNTS, (variables) => ({ gameCounts: variables.gameId === 'g1' ? [book(30), lionsBook] : [] })),
    });
    renderApp('/parent/players', { roles: ['parent'] });

    const rileyCard = await cardOf('Riley Adams');
    const live = await within(rileyCard).findByRole('region', { name: 'Live count vs Lions' });
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveTextContent('Today vs Lions · 6:00 PM · in progress');
    expect(await within(live).findByText('Riley has thrown 30 pitches')).toBeInTheDocument();
    expect(within(live).getByText('At this count: 1 day of rest owed · eligible Wed, Apr 14')).toBeInTheDocument();

    // The coach taps on: the count and the rest follow, without reading the page again.
    await waitFor(() => expect(realtime.streams.has('g1')).toBe(true));
    act(() =>
      realtime.streams.get('g1')?.({
        onGameCount: book(36, { intentionalWalks: 1 }),
      } satisfies ResultOf<typeof ON_GAME_COUNT>),
    );
    expect(
      await within(live).findByText('Riley has thrown 36 pitches and issued 1 intentional walk'),
    ).toBeInTheDocument();
    expect(within(live).getByText('At this count: 2 days of rest owed · eligible Thu, Apr 15')).toBeInTheDocument();
    // The other dugout's count is not the official one.
    act(() =>
      realtime.streams.get('g1')?.({
        onGameCount: { ...lionsBook, pitches: 40 },
      } satisfies ResultOf<typeof ON_GAME_COUNT>),
    );
    expect(within(live).getByText('Riley has thrown 36 pitches and issued 1 intentional walk')).toBeInTheDocument();

    const maxCard = await cardOf('Max Adams');
    const maxLive = await within(maxCard).findByRole('region', { name: 'Live count vs Bears' });
    expect(await within(maxLive).findByText("Not pitching in today's game against Bears yet.")).toBeInTheDocument();
    // No game today: nothing more.
    const samCard = await cardOf('Sam Adams');
    await within(samCard).findByText('No outing recorded yet.');
    expect(within(samCard).queryByRole('region')).toBeNull();
    expect(callsOf('gameCounts').map((c) => c.variables.gameId)).toEqual(expect.arrayContaining(['g1', 'g2']));
  });

  it('turns the outing emails off and on', async () => {
    let outingEmails = true;
    const { callsOf } = mockGraphql({
      // One answer for both documents that ask for `me`: the signed-in user (Me) and their preferences.
      me: () =>
        ok({
          me: {
            id: 'u1',
            email: 'p@example.org',
            givenName: 'P',
            familyName: 'L',
            roles: ['parent'],
            abilities: [],
            language: 'en',
            outingEmails,
          } satisfies ResultOf<typeof ME_QUERY>['me'] & ResultOf<typeof MY_PREFERENCES>['me'],
        }),
      ...on(MY_CHILDREN, () => ({ listPlayers: { items: [], nextToken: null } })),
      ...on(UPDATE_MY_PREFERENCES, (variables) => {
        outingEmails = variables.input.outingEmails ?? outingEmails;
        return { updateMyPreferences: { outingEmails } };
      }),
    });
    renderApp('/parent/players', { roles: ['parent'] });
    const box = await screen.findByRole('checkbox', { name: /Email me when my child pitches/ });
    await waitFor(() => expect(box).toBeChecked());
    await userEvent.setup().click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(callsOf('updateMyPreferences')[0]?.variables).toEqual({ input: { outingEmails: false } });
  });

  it('asks the league to remove a child, saying what follows; the card then says it was asked', async () => {
    let asked: Child['removalRequest'] = null;
    const { callsOf } = mockGraphql({
      me: meHandler(['parent']),
      ...on(MY_CHILDREN, () => ({ listPlayers: { items: [{ ...riley, removalRequest: asked }], nextToken: null } })),
      ...on(CHILD_STATUS, () => gqlError('This player is on no team yet: put them on a roster first')),
      ...on(REQUEST_PLAYER_REMOVAL, (variables) => {
        asked = { requestedAt: '2027-04-12T15:00:00.000Z', requestedByName: 'Pat Lee' };
        return { requestPlayerRemoval: { id: String(variables.input.id), removalRequest: asked } };
      }),
    });
    renderApp('/parent/players', { roles: ['parent'] });
    const user = userEvent.setup();
    const card = await cardOf('Riley Adams');
    await user.click(within(card).getByRole('button', { name: 'Ask the league to remove Riley Adams' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ask the league to remove Riley Adams' });
    expect(dialog).toHaveTextContent("The league's admins are asked to remove Riley from Bullpen");
    expect(dialog).toHaveTextContent('It cannot be undone.');
    // Cancel asks nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(callsOf('requestPlayerRemoval')).toEqual([]);
    await user.click(within(card).getByRole('button', { name: 'Ask the league to remove Riley Adams' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: /^Ask the league/ })).getByRole('button', {
        name: 'Ask the league',
      }),
    );
    await waitFor(() => expect(callsOf('requestPlayerRemoval')).toHaveLength(1));
    expect(callsOf('requestPlayerRemoval')[0]?.variables).toEqual({ input: { id: 'p1' } });
    expect(
      await within(card).findByText(/^Pat Lee asked the league on Apr 12, 2027 to remove Riley; an admin/),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Ask the league/ })).toBeNull();
  });

  it('says when no child is linked', async () => {
    page([], {});
    expect(await screen.findByText(/No child is linked to your account yet/)).toBeInTheDocument();
  });

  it('shows the error when the children cannot be read', async () => {
    mockGraphql({ me: meHandler(['parent']), ...on(MY_CHILDREN, () => gqlError('', 'INTERNAL_SERVER_ERROR')) });
    renderApp('/parent/players', { roles: ['parent'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your children');
  });
});
