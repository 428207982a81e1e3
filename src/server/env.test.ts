import { describe, expect, it } from 'vitest';
import { envProblems, readEnv, unsafeInProduction } from './env.ts';

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

  it('refuses a predictable secret, a public address with more than an origin, and a proxy setting that trusts all', () => {
    expect(envProblems({ BULLPEN_SECRET: 'a'.repeat(48) })).toEqual([
      { setting: 'BULLPEN_SECRET', message: expect.stringMatching(/^is too predictable .*openssl rand -base64 48$/) },
    ]);
    expect(envProblems({ BULLPEN_SECRET: '0123456789'.repeat(4) })).toEqual([]);
    for (const url of [
      'https://admin:hunter2@pitches.example.org',
      'https://pitches.example.org/bullpen',
      'https://pitches.example.org/?next=x',
      'https://pitches.example.org/#top',
    ]) {
      expect(
        envProblems({ BULLPEN_PUBLIC_URL: url }).map((p) => p.setting),
        url,
      ).toEqual(['BULLPEN_PUBLIC_URL']);
    }
    expect(envProblems({ BULLPEN_PUBLIC_URL: 'https://pitches.example.org:8443' })).toEqual([]);
    expect(envProblems({ BULLPEN_PUBLIC_URL: 'https://pitches.example.org/' })).toEqual([]);
    const [all] = envProblems({ BULLPEN_TRUST_PROXY: '127.0.0.1, 0.0.0.0/0' });
    expect(all).toEqual({
      setting: 'BULLPEN_TRUST_PROXY',
      message: expect.stringMatching(/^0\.0\.0\.0\/0 trusts every address: /),
    });
    expect(envProblems({ BULLPEN_TRUST_PROXY: '::/0' }).map((p) => p.setting)).toEqual(['BULLPEN_TRUST_PROXY']);
    expect(envProblems({ BULLPEN_TRUST_PROXY: 'proxy.local' })[0]?.message).toMatch(/is not an address or a range/);
    expect(envProblems({ BULLPEN_TRUST_PROXY: '10.0.0.0/33' }).map((p) => p.setting)).toEqual(['BULLPEN_TRUST_PROXY']);
    expect(readEnv({ BULLPEN_TRUST_PROXY: '127.0.0.1, 10.0.0.0/8, ::1' }).BULLPEN_TRUST_PROXY).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      '::1',
    ]);
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

describe('unsafeInProduction', () => {
  const safe = {
    NODE_ENV: 'production',
    BULLPEN_PUBLIC_URL: 'https://pitches.example.org',
    BULLPEN_TRUST_PROXY: '127.0.0.1',
  };
  const refused = (source: Record<string, string>) => unsafeInProduction(readEnv(source)).map((u) => u.setting);

  it('lets a safe production configuration start, and judges nothing outside production', () => {
    expect(refused(safe)).toEqual([]);
    expect(
      refused({
        ...safe,
        DATABASE_URL: 'postgres://db/bullpen',
        BULLPEN_SECRET: 'a production secret, made for this test',
      }),
    ).toEqual([]);
    expect(refused({ BULLPEN_DEV_MAILBOX: '1', BULLPEN_DEMO: '1' })).toEqual([]);
  });

  it('refuses a public address that is missing or not https, saying what to set', () => {
    expect(refused({ NODE_ENV: 'production' })).toEqual(['BULLPEN_PUBLIC_URL']);
    const [plain] = unsafeInProduction(readEnv({ ...safe, BULLPEN_PUBLIC_URL: 'http://pitches.example.org' }));
    expect(plain?.message).toMatch(/^is http:\/\/pitches\.example\.org, not an https:\/\/ address/);
    expect(plain?.message).toContain('BULLPEN_PUBLIC_URL=https://');
  });

  it('refuses an https address without a trusted proxy', () => {
    expect(refused({ ...safe, BULLPEN_TRUST_PROXY: '' })).toEqual(['BULLPEN_TRUST_PROXY']);
  });

  it('refuses servers sharing a PostgreSQL without BULLPEN_SECRET, the dev mailbox and the demo accounts', () => {
    expect(refused({ ...safe, DATABASE_URL: 'postgres://db/bullpen' })).toEqual(['BULLPEN_SECRET']);
    expect(refused({ ...safe, BULLPEN_DEV_MAILBOX: '1', BULLPEN_DEMO: '1' })).toEqual([
      'BULLPEN_DEV_MAILBOX',
      'BULLPEN_DEMO',
    ]);
  });
});
