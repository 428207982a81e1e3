import { describe, expect, it } from 'vitest';
import { envProblems, readEnv } from './env.ts';

describe('readEnv', () => {
  it('has working defaults for a fresh checkout', () => {
    const env = readEnv({});
    expect(env).toMatchObject({ PORT: 3000, BULLPEN_DATA_DIR: './data', BULLPEN_PASSWORD_MIN_LENGTH: 8 });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('reads flags and refuses bad values with a clear message', () => {
    expect(readEnv({ BULLPEN_DEMO: '0' }).BULLPEN_DEMO).toBe(false);
    expect(() => readEnv({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => readEnv({ BULLPEN_SECRET: 'short' })).toThrow(/BULLPEN_SECRET/);
  });

  it('lists each invalid setting by name for `bullpen doctor`', () => {
    expect(envProblems({})).toEqual([]);
    expect(readEnv({}).BULLPEN_DOCTOR_MIN_FREE_MB).toBe(200);
    expect(envProblems({ PORT: 'abc', BULLPEN_DOCTOR_MIN_FREE_MB: '0' }).map((p) => p.setting)).toEqual([
      'PORT',
      'BULLPEN_DOCTOR_MIN_FREE_MB',
    ]);
  });
});
