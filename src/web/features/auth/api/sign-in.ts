import { authPost } from '../../../lib/api.ts';

export interface SignInInput {
  email: string;
  password: string;
}

export interface SignInResult {
  user: { id: string; email: string; name?: string };
  token?: string;
  /** Set when the password was a temporary one: a new password must be chosen first (docs/screens.md, Behaviour). */
  challengeName?: 'NEW_PASSWORD_REQUIRED';
}

export const PENDING_SIGN_IN_MESSAGE = 'Pending sign-in attempt already in progress';

let pending = false;

/** Signs in with email and password. Only one attempt may be pending at a time (docs/screens.md, Behaviour). */
export async function signIn(input: SignInInput): Promise<SignInResult> {
  if (pending) throw new Error(PENDING_SIGN_IN_MESSAGE);
  pending = true;
  try {
    return await authPost<SignInResult>('/sign-in/email', { email: input.email, password: input.password });
  } finally {
    pending = false;
  }
}
