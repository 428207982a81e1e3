import pg from 'pg';
import { afterEach, describe, expect, inject, it } from 'vitest';
import { databaseKinds } from '../testing/harness.ts';
import { PREPARED_STATEMENTS_MAX, preparingClient } from './client.ts';

/** Decision 0023: each statement with parameters is prepared once per connection, up to a bound. */
describe.runIf(databaseKinds().includes('postgres'))('statements prepared on PostgreSQL connections', () => {
  let pool: pg.Pool | null = null;
  afterEach(async () => {
    await pool?.end();
    pool = null;
  });

  const open = (names = new Map<string, string>()) => {
    pool = new pg.Pool({ connectionString: inject('postgresUrl') as string, max: 1, Client: preparingClient(names) });
    return { pool, names };
  };
  /** The statements this connection holds prepared (the pool has one connection). */
  const prepared = async (p: pg.Pool) =>
    (await p.query('select name, statement from pg_prepared_statements order by name')).rows as {
      name: string;
      statement: string;
    }[];

  it('prepares a statement with parameters once, and answers each call with its own values', async () => {
    const { pool: p, names } = open();
    const text = 'select $1::int + 1 as next';
    const answers = [];
    for (const n of [1, 2, 3]) answers.push((await p.query({ text, values: [n] })).rows[0].next);
    // The (text, values) form, as `pool.query(text, values)` sends it, stays unnamed.
    expect((await p.query('select $1::text as same', ['x'])).rows[0].same).toBe('x');
    expect(answers).toEqual([2, 3, 4]);
    expect(names.get(text)).toBe('bullpen_1');
    expect(await prepared(p)).toEqual([{ name: 'bullpen_1', statement: text }]);
  });

  it('leaves statements without parameters unnamed, so a text may hold several commands', async () => {
    const { pool: p, names } = open();
    await p.query({ text: 'select 1; select 2', values: [] });
    await p.query('begin; commit');
    expect(names.size).toBe(0);
    expect(await prepared(p)).toEqual([]);
  });

  it('names no more than its bound of texts, and runs the others unnamed', async () => {
    const full = new Map(Array.from({ length: PREPARED_STATEMENTS_MAX }, (_, i) => [`text ${i}`, `bullpen_${i + 1}`]));
    const { pool: p, names } = open(full);
    expect((await p.query({ text: 'select $1::int * 2 as twice', values: [21] })).rows[0].twice).toBe(42);
    expect(names.size).toBe(PREPARED_STATEMENTS_MAX);
    expect(await prepared(p)).toEqual([]);
  });

  it('recovers a statement that failed: the next call on the connection prepares it again', async () => {
    const PreparingClient = preparingClient();
    const client = new PreparingClient({ connectionString: inject('postgresUrl') as string });
    await client.connect();
    try {
      const text = 'select 1 / $1::int as quotient';
      await expect(client.query({ text, values: [0] })).rejects.toThrow(/division by zero/);
      expect((await client.query({ text, values: [1] })).rows[0].quotient).toBe(1);
      const wrong = 'select nonsense($1)';
      for (let i = 0; i < 2; i++)
        await expect(client.query({ text: wrong, values: [1] })).rejects.toThrow(/does not exist/);
      expect((await client.query({ text, values: [2] })).rows[0].quotient).toBe(0);
      const held: { rows: { statement: string }[] } = await client.query(
        'select statement from pg_prepared_statements',
      );
      expect(held.rows.map((r) => r.statement)).toEqual([text]);
    } finally {
      await client.end();
    }
  });
});
