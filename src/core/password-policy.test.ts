import { describe, expect, it } from 'vitest';
import { inEnglish } from './i18n/messages.ts';
import './i18n/testing.ts';
import { type PasswordPolicy, passwordProblem } from './password-policy.ts';

/** The problem in English, as the server says it. */
function problemOf(password: string, policy?: PasswordPolicy): string | null {
  const problem = passwordProblem(password, policy);
  return problem && inEnglish(problem);
}

describe('passwordProblem', () => {
  it.each([
    ['short', 'at least 8'],
    ['password', 'too common'],
    ['Password1', 'too common'],
    ['12345678', 'too common'],
    ['x'.repeat(129), 'at most 128'],
  ])('refuses %s', (password, reason) => {
    expect(problemOf(password)).toContain(reason);
  });

  it.each(['bullpen-demo', 'correct horse battery staple', 'ábcdéfgh', 'y'.repeat(64)])(
    'accepts %s without composition rules',
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );

  it('takes the minimum length from the configuration', () => {
    expect(problemOf('twelve-chars', { minLength: 14, maxLength: 128 })).toContain('at least 14');
    expect(problemOf('short')).toBe('Password must be at least 8 characters');
    expect(inEnglish(passwordProblem('short', undefined, 'temporary') ?? { id: 'rules.password.tooCommon' })).toBe(
      'Temporary password must be at least 8 characters',
    );
  });
});
