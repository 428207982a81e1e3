import { authPost } from '../../../lib/api.ts';

/** Sets a new password with the code from the reset email. */
export async function resetPassword(input: { email: string; otp: string; password: string }): Promise<void> {
  await authPost('/email-otp/reset-password', { email: input.email, otp: input.otp, password: input.password });
}
