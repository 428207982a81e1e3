import { authPost } from '../../../lib/api.ts';

/** Mails a reset code to the address if an account has it; the answer is the same either way. */
export async function requestPasswordReset(input: { email: string }): Promise<void> {
  await authPost('/email-otp/request-password-reset', { email: input.email });
}
