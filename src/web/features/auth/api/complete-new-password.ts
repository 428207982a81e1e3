import { authPost } from '../../../lib/api.ts';

/** Answers the NEW_PASSWORD_REQUIRED challenge: the temporary password is replaced by one the user chose. */
export async function completeNewPassword(input: { temporaryPassword: string; newPassword: string }): Promise<void> {
  await authPost('/change-password', {
    currentPassword: input.temporaryPassword,
    newPassword: input.newPassword,
    revokeOtherSessions: true,
  });
}
