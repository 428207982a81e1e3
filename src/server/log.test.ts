import { DrizzleQueryError } from 'drizzle-orm';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { logOptions, safeError, safeRequest } from './log.ts';

/** PostgreSQL's error as node-postgres gives it: the message and detail quote the row. */
function postgresError() {
  return Object.assign(new Error('new row for relation "players" violates check constraint "kids"'), {
    name: 'error',
    code: '23514',
    severity: 'ERROR',
    table: 'players',
    constraint: 'kids',
    detail: 'Failing row contains (1, Ava, Quill, 2016-09-17).',
  });
}

describe('safeError (the production log)', () => {
  it("keeps a failed query's kind, code, SQL and frames, never its parameters, message or detail", () => {
    const error = new DrizzleQueryError(
      'insert into "players" ("first_name", "birth_date") values ($1, $2)',
      ['Ava', '2016-09-17'],
      postgresError(),
    );
    const logged = safeError(error);
    expect(logged).toMatchObject({
      type: 'DrizzleQueryError',
      query: 'insert into "players" ("first_name", "birth_date") values ($1, $2)',
      cause: { type: 'Error', code: '23514', severity: 'ERROR', table: 'players', constraint: 'kids' },
    });
    expect(logged.stack).toMatch(/^at .*log\.test\.ts/);
    const text = JSON.stringify(logged);
    for (const value of ['Ava', 'Quill', '2016-09-17', 'Failing row', 'params']) expect(text).not.toContain(value);
  });

  it('drops a message spread over lines, keeps the causes of an AggregateError, and names a non-error', () => {
    const error = new AggregateError([new Error('connect ECONNREFUSED'), 'x'], 'Tommy\n    at secret (Tommy)');
    const logged = safeError(error);
    expect(JSON.stringify(logged)).not.toContain('Tommy');
    expect(logged.errors).toEqual([expect.objectContaining({ type: 'Error' }), { type: 'string' }]);
    expect(safeError(null)).toEqual({ type: 'null' });
  });

  it('stops at a cycle of causes', () => {
    const a = new Error('a');
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(JSON.stringify(safeError(a))).not.toContain('"message"');
  });
});

describe('safeRequest', () => {
  it('logs the path without the query string', () => {
    expect(safeRequest({ method: 'GET', url: '/graphql?query=q&variables={"s":"Ava"}', ip: '10.0.0.1' })).toEqual({
      method: 'GET',
      url: '/graphql?[query removed]',
      host: undefined,
      remoteAddress: '10.0.0.1',
    });
    expect(safeRequest({ method: 'POST', url: '/graphql' }).url).toBe('/graphql');
  });
});

describe('logOptions', () => {
  function capture(nodeEnv: string) {
    const lines: string[] = [];
    const log = pino(logOptions(readEnv({ NODE_ENV: nodeEnv } as NodeJS.ProcessEnv)), {
      write: (line: string) => void lines.push(line),
    });
    return { log, lines };
  }

  it('in production: errors through safeError, secret fields redacted', () => {
    const { log, lines } = capture('production');
    log.error({ err: new DrizzleQueryError('select $1', ['Ava'], postgresError()) }, 'failed');
    log.info({ body: { password: 'hunter2-pitch', temporaryPassword: 'Tmp-Ava-1' }, mail: { to: 'a@b.c' } }, 'x');
    const text = lines.join('');
    for (const value of ['Ava', 'hunter2-pitch', 'Tmp-Ava-1', 'a@b.c']) expect(text).not.toContain(value);
    expect(text).toContain('"code":"23514"');
  });

  it('outside production: errors in full, as before', () => {
    const { log, lines } = capture('development');
    log.error({ err: new DrizzleQueryError('select $1', ['Ava'], postgresError()) }, 'failed');
    expect(lines.join('')).toContain('Ava');
  });
});
