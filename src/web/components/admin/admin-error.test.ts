import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { adminErrorMessage } from './admin-error.ts';

describe('adminErrorMessage (docs/screens.md, Messages)', () => {
  it("prefers the first GraphQL error's message", () => {
    expect(adminErrorMessage(new ApiError('Name is required', { code: 'BAD_USER_INPUT' }), 'Operation failed')).toBe(
      'Name is required',
    );
  });

  it("falls back to a plain error's own message", () => {
    expect(adminErrorMessage(new TypeError('Failed to fetch'), 'Delete failed')).toBe('Failed to fetch');
  });

  it('falls back to the default without a message', () => {
    expect(adminErrorMessage(new ApiError('', { status: 500 }), 'Update admins failed')).toBe('Update admins failed');
    expect(adminErrorMessage(undefined, 'Operation failed')).toBe('Operation failed');
    expect(adminErrorMessage({ message: 'not an error' }, 'Delete failed')).toBe('Delete failed');
  });
});
