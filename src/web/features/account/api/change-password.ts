import { authPost } from '../../../lib/api.ts';

/** Changes the password; every other device is signed out (security.md item 9). */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await authPost('/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    revokeOtherSessions: true,
  });
}
