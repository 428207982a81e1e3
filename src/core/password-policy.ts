import { dictionary } from '@zxcvbn-ts/language-common';
import type { Message } from './i18n/messages.ts';

/**
 * Password rules (docs/reliability.md, security requirement 2, NIST SP 800-63B): a minimum length, a generous maximum,
 * no composition rules, and the most common passwords refused.
 */
export interface PasswordPolicy {
  minLength: number;
  maxLength: number;
}

export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = { minLength: 8, maxLength: 128 };

// zxcvbn-ts's list is ordered by frequency in leaked-password corpora; the top 10,000 are refused.
const COMMON = new Set(dictionary['passwords-common'].slice(0, 10_000));

/**
 * What is wrong with a password, as a message ("Password must be at least 8 characters"), or null.
 * `which` words it for a temporary password an admin gives ("Temporary password must be...").
 */
export function passwordProblem(
  password: string,
  policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY,
  which: 'password' | 'temporary' = 'password',
): Message | null {
  const length = [...password].length;
  if (length < policy.minLength) return { id: 'rules.password.tooShort', values: { which, min: policy.minLength } };
  if (length > policy.maxLength) return { id: 'rules.password.tooLong', values: { which, max: policy.maxLength } };
  if (COMMON.has(password.toLowerCase())) return { id: 'rules.password.tooCommon' };
  return null;
}
