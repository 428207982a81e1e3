import { dictionary } from '@zxcvbn-ts/language-common';

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

export function passwordProblem(password: string, policy: PasswordPolicy = DEFAULT_PASSWORD_POLICY): string | null {
  const length = [...password].length;
  if (length < policy.minLength) return `Password must be at least ${policy.minLength} characters`;
  if (length > policy.maxLength) return `Password must be at most ${policy.maxLength} characters`;
  if (COMMON.has(password.toLowerCase())) return 'This password is too common. Choose another one.';
  return null;
}
