import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gqlError, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { OFFICIAL_GAME, type OfficialGame, SIGN_AS_OFFICIAL } from '../api/sign-as-official.ts';

configure({ asyncUtilTimeout: 5000 });

const TIGERS = 't1';
const CUBS = 't2';
const LINK = '0b6f8d2e-1c1a-4f7e-9a55-3c2d1e0f9a8b.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';
const game = (extra: Partial<OfficialGame> = {}): OfficialGame => ({
  title: 'Tigers vs Cubs',
  date: '2027-04-12',
  leagueName: 'Majors',
  state: 'final',
  withdrawn: false,
  status: 'unconfirmed',
  signerName: 'Pat Umpire',
  official: null,
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

const signed = {
  gameId: 'g1',
  title: 'Tigers vs Cubs',
  date: '2027-04-12',
  leagueName: 'Majors',
  officialName: 'Pat Umpire',
};

describe('OfficialSignPage', () => {
  it('opens from the emailed link, shows what the official signs and who signs, then signs without an account', async () => {
    const { callsOf } = mockGraphql({
      ...on(OFFICIAL_GAME, () => ({ officialGame: game() })),
      ...on(SIGN_AS_OFFICIAL, () => ({ signAsOfficial: signed })),
    });
    renderApp(`/official/${LINK}`);
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign a game’s counts' })).toBeInTheDocument();
    // What is signed: the game, its state, every pitcher's counts and whether the dugouts agree; no name is typed.
    const counts = await screen.findByRole('table', { name: 'Check the counts you sign' });
    expect(screen.getByText('Majors · Apr 12, 2027 · Final')).toBeInTheDocument();
    expect(screen.getByText('Counts: Unconfirmed')).toBeInTheDocument();
    expect(screen.getByText('You sign as Pat Umpire, the official this link was sent to.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
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
    expect(callsOf('officialGame')[0]?.variables).toEqual({ link: LINK });
    expect(callsOf('signAsOfficial')[0]?.variables).toEqual({ input: { link: LINK } });
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
    renderApp(`/official/${LINK}`);
    const user = userEvent.setup();
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
      input: { link: LINK, settle: [{ pitcherId: 'p2', bookTeamId: TIGERS }] },
    });
  });

  it('signs no withdrawn game, shows an earlier signature a change voided, and the server’s refusal of a link', async () => {
    mockGraphql({
      ...on(OFFICIAL_GAME, (variables) =>
        variables.link === LINK
          ? {
              officialGame: game({
                withdrawn: true,
                official: {
                  name: 'Pat Umpire',
                  signedAt: '2027-04-12T22:00:00.000Z',
                  current: false,
                  signedCounts: [{ pitcherId: 'p1', pitcherName: 'Ace Hill', pitches: 30, intentionalWalks: 0 }],
                  changedAfter: { byName: 'Lee Admin', at: '2027-04-13T10:00:00.000Z' },
                },
              }),
            }
          : gqlError('This signing link expired: ask the home coach to send you a new one.', 'BAD_USER_INPUT'),
      ),
    });
    const { unmount } = renderApp(`/official/${LINK}`);
    expect(await screen.findByText('This game was withdrawn: there are no counts to sign.')).toBeInTheDocument();
    expect(
      screen.getByText(/^Your earlier signature no longer covers the counts: Signed by Pat Umpire at Ace Hill 30 \(/),
    ).toHaveTextContent('changed after signing by Lee Admin: needs a new signature');
    expect(screen.queryByRole('button', { name: 'Sign the counts' })).toBeNull();
    unmount();
    renderApp(`/official/${LINK.replace('0b6f', '1b6f')}`);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This signing link expired: ask the home coach to send you a new one.',
    );
  });

  it('without a link, says where the link comes from', async () => {
    mockGraphql({});
    renderApp('/official');
    expect(await screen.findByText(/Open the signing link in the email Bullpen sent you/)).toBeInTheDocument();
  });
});
