import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { gqlError, mockGraphql, on } from '../../../test/graphql-mock.ts';
import { renderApp } from '../../../test/render.tsx';
import { SIGN_AS_OFFICIAL } from '../api/sign-as-official.ts';

configure({ asyncUtilTimeout: 5000 });

describe('OfficialSignPage', () => {
  it('lets the game’s official sign with the home coach’s code, without an account', async () => {
    const { callsOf } = mockGraphql({
      ...on(SIGN_AS_OFFICIAL, () => ({
        signAsOfficial: { gameId: 'g1', title: 'Tigers vs Cubs', date: '2027-04-12', leagueName: 'Majors' },
      })),
    });
    renderApp('/official');
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign a game’s counts' })).toBeInTheDocument();
    // Checked before sending: eight letters and digits, and a name.
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'k7f3');
    await user.click(screen.getByRole('button', { name: 'Sign the counts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "Enter the 8 letters and digits the home coach's phone shows",
    );
    expect(callsOf('signAsOfficial')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), '-9qx2');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Pat Umpire');
    await user.click(screen.getByRole('button', { name: 'Sign the counts' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'You signed the counts of Tigers vs Cubs (Majors), Apr 12, 2027.',
    );
    expect(callsOf('signAsOfficial')[0]?.variables).toEqual({ input: { code: 'K7F39QX2', name: 'Pat Umpire' } });
  });

  it('shows the server’s refusal of a code', async () => {
    mockGraphql({
      ...on(SIGN_AS_OFFICIAL, () =>
        gqlError('This code is not valid, or it expired: ask the home coach to show a new one.', 'BAD_USER_INPUT'),
      ),
    });
    renderApp('/official');
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: 'Code' }), 'K7F39QX2');
    await user.type(screen.getByRole('textbox', { name: 'Your name' }), 'Pat Umpire');
    await user.click(screen.getByRole('button', { name: 'Sign the counts' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is not valid, or it expired: ask the home coach to show a new one.',
    );
  });
});
