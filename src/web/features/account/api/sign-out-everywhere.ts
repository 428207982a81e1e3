import { graphqlText } from '../../../lib/api.ts';

export const SIGN_OUT_EVERYWHERE = 'mutation SignOutEverywhere { signOutEverywhere }';

/** Ends every session of the user, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await graphqlText<{ signOutEverywhere: boolean }>(SIGN_OUT_EVERYWHERE);
}
