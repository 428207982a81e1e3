import { describe, expect, it } from 'vitest';
import {
  CLOCK_MAX_SKEW_MS,
  clockCheck,
  configurationCheck,
  describePostgres,
  diskCheck,
  embeddedCheck,
  exitCodeOf,
  formatReport,
  MIB,
  mailCheck,
  migrationsCheck,
  postgresReached,
  postgresUnreachable,
  productionCheck,
} from './checks.ts';

const JOURNAL = [
  { tag: '0000_init', when: 1_000 },
  { tag: '0001_user_search', when: 2_000 },
  { tag: '0002_seasons_teams_players', when: 3_000 },
];
const T = Date.parse('2027-04-08T12:00:00Z');

describe('the clock', () => {
  const clock = (databaseNow: number) =>
    clockCheck({ localBefore: T - 10, localAfter: T + 10, databaseNow, newestMigrationAt: 3_000 });

  it('fails when this machine and the database are more than a minute apart, either way', () => {
    expect(clock(T + CLOCK_MAX_SKEW_MS).status).toBe('ok');
    const ahead = clock(T + CLOCK_MAX_SKEW_MS + 1_000);
    expect(ahead.status).toBe('fail');
    expect(ahead.message).toContain('61 s apart');
    expect(ahead.message).toContain('rest days are calendar days');
    expect(clock(T - 5 * 60_000).message).toMatch(
      /300 s apart \(this machine 2027-04-08 12:00:00 UTC, PostgreSQL 2027-04-08 11:55:00 UTC\)/,
    );
  });

  it('says when they agree, and when there is nothing to compare with', () => {
    expect(clock(T + 2_000)).toEqual({
      name: 'clock',
      status: 'ok',
      message: 'this machine and PostgreSQL agree within 2 s (2027-04-08 12:00:00 UTC).',
    });
    const embedded = clockCheck({
      localBefore: T,
      localAfter: T,
      noDatabase: 'nothing to compare',
      newestMigrationAt: 1,
    });
    expect(embedded).toMatchObject({
      status: 'ok',
      message: 'this machine reads 2027-04-08 12:00:00 UTC; nothing to compare.',
    });
  });

  it('fails a clock earlier than this version of Bullpen', () => {
    const early = clockCheck({ localBefore: T, localAfter: T, newestMigrationAt: T + 86_400_000 });
    expect(early.status).toBe('fail');
    expect(early.message).toContain('earlier than this version of Bullpen (2027-04-09 12:00:00 UTC)');
  });
});

describe('disk space', () => {
  const disk = (freeMib: number) => diskCheck({ dir: './data', freeBytes: freeMib * MIB, minFreeBytes: 200 * MIB });

  it('fails under the minimum, warns under 1 GiB', () => {
    expect(disk(150)).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/^only 150 MiB free for \.\/data, under 200 MiB/),
    });
    expect(disk(200).status).toBe('warn');
    expect(disk(1023).message).toMatch(/^1023 MiB free for \.\/data, under 1\.0 GiB/);
    expect(disk(1024)).toEqual({ name: 'disk', status: 'ok', message: '1.0 GiB free for ./data.' });
  });
});

describe('migrations', () => {
  it('names the pending ones, as `migrate` would apply them', () => {
    expect(migrationsCheck(JOURNAL, [1_000, 2_000, 3_000]).status).toBe('ok');
    const pending = migrationsCheck(JOURNAL, [1_000]);
    expect(pending.status).toBe('fail');
    expect(pending.message).toMatch(
      /^2 of 3 migrations are not applied: 0001_user_search, 0002_seasons_teams_players\. Run `bullpen migrate`/,
    );
    expect(migrationsCheck(JOURNAL, null).message).toMatch(/^3 of 3 migrations are not applied: 0000_init,/);
    expect(migrationsCheck(JOURNAL, []).message).toMatch(/^3 of 3/);
  });

  it('sends back to the release that ran before when a migration failed, not to `migrate` again', () => {
    expect(migrationsCheck(JOURNAL, [1_000]).message).toMatch(
      /If one of them failed there, the database is as it was: go back to the release that ran before \(docs\/deploy\.md, Upgrades\) and report the message, rather than run `migrate` again\.$/,
    );
  });

  it('lists five and counts the rest', () => {
    const many = Array.from({ length: 8 }, (_, i) => ({ tag: `000${i}_m`, when: i + 1 }));
    expect(migrationsCheck(many, null).message).toContain('0000_m, 0001_m, 0002_m, 0003_m, 0004_m and 3 more.');
  });

  it('fails a database newer than this code', () => {
    const newer = migrationsCheck(JOURNAL, [1_000, 2_000, 3_000, 4_000]);
    expect(newer.status).toBe('fail');
    expect(newer.message).toMatch(/^the database is newer than this version of Bullpen: 1 applied migration\(s\)/);
  });
});

describe('the database', () => {
  const target = describePostgres('postgres://bullpen:s3cret@db.example.org:5999/league');

  it('reads where DATABASE_URL points without its password', () => {
    expect(target).toEqual({ host: 'db.example.org', port: 5999, database: 'league', user: 'bullpen' });
    expect(describePostgres('postgres://postgres@127.0.0.1/')).toMatchObject({ port: 5432, database: 'postgres' });
    // docs/deploy.md's: the local socket, the user in the query.
    expect(describePostgres('postgresql:///bullpen?host=/var/run/postgresql&user=bullpen')).toEqual({
      host: '/var/run/postgresql',
      port: 5432,
      database: 'bullpen',
      user: 'bullpen',
    });
  });

  it('tells each way of not connecting in plain words', () => {
    const refused = postgresUnreachable(target, { code: 'ECONNREFUSED', message: 'connect ECONNREFUSED' });
    expect(refused).toEqual({
      name: 'database',
      status: 'fail',
      message:
        'DATABASE_URL: cannot connect to db.example.org:5999 (connection refused). Check that PostgreSQL is running and the URL’s host, port, user and database.',
    });
    expect(postgresUnreachable(target, { code: '3D000', message: 'x' }).message).toContain('has no database league');
    expect(postgresUnreachable(target, { code: '28P01', message: 'x' }).message).toContain('refused user bullpen');
    expect(postgresUnreachable(target, { code: 'ENOTFOUND', message: 'x' }).message).toContain(
      'cannot find the host db.example.org',
    );
    expect(postgresUnreachable(target, { code: 'TIMEOUT', message: 'x' }).message).toContain('no answer from');
    for (const code of ['ECONNREFUSED', '3D000', '28P01', 'ENOTFOUND', 'TIMEOUT', undefined]) {
      expect(postgresUnreachable(target, { code, message: 'x' }).message).not.toContain('s3cret');
    }
  });

  it('warns of a PostgreSQL older than 15', () => {
    expect(postgresReached(target, { text: '14.9', num: 140009 }).status).toBe('warn');
    expect(postgresReached(target, { text: '15.2', num: 150002 }).status).toBe('ok');
  });

  it('warns when Bullpen connects as a superuser', () => {
    expect(postgresReached(target, { text: '15.2', num: 150002 }, true)).toMatchObject({
      status: 'warn',
      message: expect.stringMatching(/answers as user .+, a superuser: .*Connect as a role that owns only/),
    });
  });

  it('judges the embedded folder without opening a held one', () => {
    expect(embeddedCheck({ state: 'held', dir: './data', holder: 42 })).toMatchObject({
      status: 'ok',
      message: expect.stringContaining('in use by process 42'),
    });
    expect(embeddedCheck({ state: 'missing', dir: './data', parentWritable: true }).status).toBe('warn');
    expect(embeddedCheck({ state: 'missing', dir: './data', parentWritable: false }).status).toBe('fail');
    expect(embeddedCheck({ state: 'not-writable', dir: './data' }).status).toBe('fail');
    expect(embeddedCheck({ state: 'not-a-folder', dir: './data' }).status).toBe('fail');
    expect(embeddedCheck({ state: 'database', dir: './data', openError: 'boom' }).status).toBe('fail');
    expect(embeddedCheck({ state: 'database', dir: './data' }).status).toBe('ok');
  });
});

describe('mail', () => {
  const at = { host: 'smtp.example.org', port: 465 };

  it('warns that emails go to the log without SMTP_URL, and in production that they are not sent', () => {
    expect(mailCheck({ production: false, smtp: null })).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('emails go to the server log'),
    });
    expect(mailCheck({ production: true, smtp: null })).toMatchObject({
      status: 'warn',
      message: expect.stringContaining('no email leaves this machine'),
    });
  });

  it('says what the mail server answered', () => {
    expect(mailCheck({ production: true, smtp: { at, answer: null } }).status).toBe('ok');
    const refused = mailCheck({
      production: true,
      smtp: { at, answer: { code: 'ESOCKET', message: 'connect ECONNREFUSED 10.0.0.1:465' } },
    });
    expect(refused).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/^SMTP_URL: cannot connect to smtp\.example\.org:465 \(connection refused\)/),
    });
    const login = mailCheck({
      production: true,
      smtp: { at, answer: { code: 'EAUTH', message: '535 Authentication failed' } },
    });
    expect(login.message).toContain('refused the user name or password');
  });
});

describe('production', () => {
  it('fails with what the server would refuse, and passes a safe configuration', () => {
    expect(productionCheck([]).status).toBe('ok');
    const unsafe = productionCheck([{ setting: 'BULLPEN_DEMO', message: 'is on: ...' }]);
    expect(unsafe).toMatchObject({
      status: 'fail',
      message: 'the server refuses to start with NODE_ENV=production: BULLPEN_DEMO is on: ...',
    });
  });
});

describe('the report', () => {
  it('names an invalid setting, prints one line per check and exits 1 on a failure', () => {
    const bad = configurationCheck([{ setting: 'PORT', message: 'expected number' }], {
      production: false,
      database: '',
    });
    expect(bad).toMatchObject({
      status: 'fail',
      message: expect.stringMatching(/^a setting is invalid: PORT: expected number\. Fix or unset it/),
    });
    const good = configurationCheck([], { production: true, database: 'PostgreSQL' });
    expect(exitCodeOf([good])).toBe(0);
    expect(exitCodeOf([good, bad])).toBe(1);
    expect(formatReport([good, bad]).split('\n')).toEqual([
      'ok    configuration  every setting is valid (production, PostgreSQL).',
      `fail  configuration  ${bad.message}`,
    ]);
  });
});
