import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { adminErrorMessage } from './admin-error.ts';

describe('adminErrorMessage (docs/screens.md, Messages)', () => {
  it("prefers the first GraphQL error's message", () => {
    expect(adminErrorMessage(new ApiError('Name is required', { code: 'BAD_USER_INPUT' }), 'Operation failed')).toBe(
      'Name is required',
    );
  });

  it("shows the server's message by its id when it sent one (said), in the reader's language", () => {
    const error = new ApiError('Name is required', {
      code: 'BAD_USER_INPUT',
      said: { id: 'admin.users.loadFailed' },
    });
    expect(adminErrorMessage(error, 'Operation failed')).toBe('Failed to load users');
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
