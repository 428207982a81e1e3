import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy.ts';

describe('passwordProblem', () => {
  it.each([
    ['short', 'at least 8'],
    ['password', 'too common'],
    ['Password1', 'too common'],
    ['12345678', 'too common'],
    ['x'.repeat(129), 'at most 128'],
  ])('refuses %s', (password, reason) => {
    expect(passwordProblem(password)).toContain(reason);
  });

  it.each(['bullpen-demo', 'correct horse battery staple', 'ábcdéfgh', 'y'.repeat(64)])(
    'accepts %s without composition rules',
    (password) => {
      expect(passwordProblem(password)).toBeNull();
    },
  );

  it('takes the minimum length from the configuration', () => {
    expect(passwordProblem('twelve-chars', { minLength: 14, maxLength: 128 })).toContain('at least 14');
  });
});
