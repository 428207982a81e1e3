import { describe, expect, it } from 'vitest';
import { lockDurationMs } from './throttle.service.ts';

describe('lockDurationMs (docs/reliability.md, security requirement 4)', () => {
  it('allows 5 failures, then doubles from 30 s, capped at 15 minutes, never permanent', () => {
    expect([0, 4].map((n) => lockDurationMs(n))).toEqual([0, 0]);
    expect([5, 6, 7, 8].map((n) => lockDurationMs(n))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(lockDurationMs(10)).toBe(15 * 60_000);
    expect(lockDurationMs(10_000)).toBe(15 * 60_000);
  });
});
