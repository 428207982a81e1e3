import { authPost } from '../../../lib/api.ts';

/** Changes the password; every other device is signed out (docs/reliability.md, security requirement 9). */
export async function changePassword(input: { currentPassword: string; newPassword: string }): Promise<void> {
  await authPost('/change-password', {
    currentPassword: input.currentPassword,
    newPassword: input.newPassword,
    revokeOtherSessions: true,
  });
}
