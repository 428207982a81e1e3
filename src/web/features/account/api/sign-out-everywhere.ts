import { execute } from '../../../lib/api.ts';
import { graphql } from '../../../lib/graphql.ts';

export const SIGN_OUT_EVERYWHERE = graphql(`
  mutation SignOutEverywhere { signOutEverywhere }
`);

/** Ends every session of the user, this one included. */
export async function signOutEverywhere(): Promise<void> {
  await execute(SIGN_OUT_EVERYWHERE);
}
