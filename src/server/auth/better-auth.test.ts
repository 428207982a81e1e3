import { describe, expect, it, vi } from 'vitest';
import type { Db } from '../db/client.ts';
import { createAuth } from './better-auth.ts';

describe('better-auth’s own log', () => {
  it('goes to the server log with the error as `err` (its serializers apply), not to the console', async () => {
    const log = { error: vi.fn() };
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const auth = createAuth({
      db: {} as Db,
      secret: 'x'.repeat(32),
      mailer: { mailbox: null, send: async () => {} },
      secureCookies: true,
      passwordMinLength: 8,
      sessionAbsoluteSeconds: 60,
      log,
    });
    const failure = new Error('Failed query: insert ... params: ava@example.test');
    (await auth.$context).logger.error('INTERNAL_SERVER_ERROR', failure);
    expect(log.error).toHaveBeenCalledWith({ err: failure, betterAuth: 'INTERNAL_SERVER_ERROR' }, 'better-auth failed');
    expect(console).not.toHaveBeenCalled();
    console.mockRestore();
  });
});
