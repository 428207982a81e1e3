import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gqlError, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { OFFICIAL_GAME, type OfficialGame, SIGN_AS_OFFICIAL } from '../api/sign-as-official.ts';

configure({ asyncUtilTimeout: 5000 });

const TIGERS = 't1';
const CUBS = 't2';
const game = (extra: Partial<OfficialGame> = {}): OfficialGame => ({
  title: 'Tigers vs Cubs',
  date: '2027-04-12',
  leagueName: 'Majors',
  state: 'final',
  withdrawn: false,
  status: 'unconfirmed',
  officialName: null,
  teams: [
    { teamId: TIGERS, teamName: 'Tigers' },
    { teamId: CUBS, teamName: 'Cubs' },
  ],
  pitchers: [
    {
      pitcherId: 'p1',
      pitcherName: 'Ace Hill',
      teamId: TIGERS,
      teamName: 'Tigers',
      differs: false,
      official: { pitches: 30, intentionalWalks: 0 },
      ownBook: { pitches: 30, intentionalWalks: 0 },
      otherBook: { pitches: 30, intentionalWalks: 0 },
    },
  ],
  ...extra,
});

const signed = { gameId: 'g1', title: 'Tigers vs Cubs', date: '2027-04-12', leagueName: 'Majors' };

describe('OfficialSignPage', () => {
  it('shows the official what they sign, then signs with the home coach’s code, without an account', async () => {
    const { callsOf } = mockGraphql({
      ...on(OFFICIAL_GAME, () => ({ officialGame: game() })),
      ...on(SIGN_AS_OFFICIAL, () => ({ signAsOfficial: signed })),
    });
    renderApp('/official');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign a game’s counts' })).toBeInTheDocument();
    // Checked before sending: eight letters and digits, and a name.
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'k7f3');
    await user.click(screen.getByRole('button', { name: 'Show the counts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Enter the 8 letters and digits the home coach's phone shows",
    );
    expect(callsOf('officialGame')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '-9qx2');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Pat Umpire');
    await user.click(screen.getByRole('button', { name: 'Show the counts' }));
    // What is signed: the game, its state, every pitcher's counts and whether the dugouts agree.
    const counts = await screen.findByRole('table', { name: 'Check the counts you sign' });
    expect(screen.getByText('Majors · Apr 12, 2027 · Final')).toBeInTheDocument();
    expect(screen.getByText('Counts: Unconfirmed')).toBeInTheDocument();
    expect(
      within(counts)
        .getByRole('rowheader', { name: /Ace Hill/ })
        .closest('tr'),
    ).toHaveTextContent('Ace HillTigers3030agree');
    expect(callsOf('signAsOfficial')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Sign the counts' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You signed the counts of Tigers vs Cubs (Majors), Apr 12, 2027.',
    );
    expect(callsOf('officialGame')[0]?.variables).toEqual({ code: 'K7F39QX2' });
    expect(callsOf('signAsOfficial')[0]?.variables).toEqual({ input: { code: 'K7F39QX2', name: 'Pat Umpire' } });
  });

  it('asks whose count stands for each difference of a disputed game, and sends the choice', async () => {
    const disputed = game({
      status: 'disputed',
      pitchers: [
        {
          pitcherId: 'p2',
          pitcherName: 'Cy Young',
          teamId: CUBS,
          teamName: 'Cubs',
          differs: true,
          official: { pitches: 40, intentionalWalks: 0 },
          ownBook: { pitches: 40, intentionalWalks: 0 },
          otherBook: { pitches: 44, intentionalWalks: 0 },
        },
      ],
    });
    const { callsOf } = mockGraphql({
      ...on(OFFICIAL_GAME, () => ({ officialGame: disputed })),
      ...on(SIGN_AS_OFFICIAL, () => ({ signAsOfficial: signed })),
    });
    renderApp('/official');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'K7F39QX2');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Pat Umpire');
    await user.click(screen.getByRole('button', { name: 'Show the counts' }));
    expect(await screen.findByText('Counts: Disputed')).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: /Cy Young/ }).closest('tr')).toHaveTextContent(
      'Cy YoungCubs40444 pitches',
    );
    // Not signed blind: each difference is settled first.
    await user.click(screen.getByRole('button', { name: 'Settle and sign the counts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Choose whose count stands for each pitcher');
    expect(callsOf('signAsOfficial')).toHaveLength(0);
    const whose = screen.getByRole('radiogroup', { name: 'Whose count stands for Cy Young?' });
    await user.click(within(whose).getByRole('radio', { name: 'Tigers: 44' }));
    await user.click(screen.getByRole('button', { name: 'Settle and sign the counts' }));
    expect(await screen.findByRole('status')).toHaveTextContent(/You signed the counts of Tigers vs Cubs/);
    expect(callsOf('signAsOfficial')[0]?.variables).toEqual({
      input: { code: 'K7F39QX2', name: 'Pat Umpire', settle: [{ pitcherId: 'p2', bookTeamId: TIGERS }] },
    });
  });

  it('signs no withdrawn game, and shows the server’s refusal of a code', async () => {
    mockGraphql({
      ...on(OFFICIAL_GAME, (variables) =>
        variables.code === 'K7F39QX2'
          ? { officialGame: game({ withdrawn: true }) }
          : gqlError('This code is not valid, or it expired: ask the home coach to show a new one.', 'BAD_USER_INPUT'),
      ),
    });
    renderApp('/official');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'K7F39QX2');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Pat Umpire');
    await user.click(screen.getByRole('button', { name: 'Show the counts' }));
    expect(await screen.findByText('This game was withdrawn: there are no counts to sign.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign the counts' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use another code' }));
    const codeBox = await screen.findByRole('textbox', { name: 'Code' });
    await user.clear(codeBox);
    await user.type(codeBox, 'AAAA2222');
    await user.click(screen.getByRole('button', { name: 'Show the counts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is not valid, or it expired: ask the home coach to show a new one.',
    );
  });
});
