import { describe, expect, it } from 'vitest';
import { envProblems, readEnv, unsafeInProduction, withoutSecrets } from './env.ts';

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

  it('refuses a mail address of another scheme than smtp:// or smtps://, never saying its password', () => {
    const typo = 'smpts://pitches%40example.org:mail-Pa55word@smtp.example.org:465';
    const problems = envProblems({ SMTP_URL: typo });
    expect(problems).toEqual([
      {
        setting: 'SMTP_URL',
        message: expect.stringMatching(
          /^starts with smpts:\/\/, which is not a mail server's address: only smtp:\/\/ and smtps:\/\//,
        ),
      },
    ]);
    let thrown = '';
    try {
      readEnv({ SMTP_URL: typo });
    } catch (error) {
      thrown = (error as Error).message;
    }
    expect(thrown).toMatch(/SMTP_URL: starts with smpts:\/\/.*\n.*run `bullpen doctor`/s);
    expect(`${JSON.stringify(problems)}${thrown}`).not.toContain('Pa55word');
    for (const wrong of ['smtp.example.org:587', 'https://smtp.example.org', 'mailto:pitches@example.org']) {
      expect(
        envProblems({ SMTP_URL: wrong }).map((p) => p.setting),
        wrong,
      ).toEqual(['SMTP_URL']);
    }
    expect(envProblems({ SMTP_URL: 'smtp://smtp.example.org:587' })).toEqual([]);
    expect(envProblems({ SMTP_URL: 'SMTPS://user:pw@smtp.example.org' })).toEqual([]);
  });

  it('reads BULLPEN_TRUST_PROXY=1 or true as one proxy in front (a hop count), and still refuses to trust everyone', () => {
    expect(readEnv({ BULLPEN_TRUST_PROXY: '1' }).BULLPEN_TRUST_PROXY).toBe(1);
    expect(readEnv({ BULLPEN_TRUST_PROXY: 'true' }).BULLPEN_TRUST_PROXY).toBe(1);
    expect(readEnv({ BULLPEN_TRUST_PROXY: '2' }).BULLPEN_TRUST_PROXY).toBe(2);
    expect(readEnv({ BULLPEN_TRUST_PROXY: '0' }).BULLPEN_TRUST_PROXY).toBe(false);
    expect(readEnv({ BULLPEN_TRUST_PROXY: 'false' }).BULLPEN_TRUST_PROXY).toBe(false);
    expect(envProblems({ BULLPEN_TRUST_PROXY: '99' })[0]?.message).toMatch(/^99 proxies .*write 1 for one proxy/);
    expect(envProblems({ BULLPEN_TRUST_PROXY: '0.0.0.0/0' })[0]?.message).toMatch(/trusts every address/);
    // In production, a count is a trusted proxy like an address.
    const production = { NODE_ENV: 'production', BULLPEN_PUBLIC_URL: 'https://pitches.example.org' };
    expect(unsafeInProduction(readEnv({ ...production, BULLPEN_TRUST_PROXY: '1' }))).toEqual([]);
  });

  it('takes the passwords of DATABASE_URL and SMTP_URL, and BULLPEN_SECRET, out of what it prints', () => {
    const source = {
      DATABASE_URL: 'postgres://bullpen:db%2Fpass@db.example.org/bullpen',
      SMTP_URL: 'smtps://me:mail-pass@smtp.example.org',
      BULLPEN_SECRET: 'a production secret, made for this test',
    };
    expect(withoutSecrets('db/pass db%2Fpass mail-pass a production secret, made for this test; bullpen', source)).toBe(
      '••• ••• ••• •••; bullpen',
    );
    expect(withoutSecrets('nothing to hide', {})).toBe('nothing to hide');
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
