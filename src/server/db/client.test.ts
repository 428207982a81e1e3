import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { fromPglite, readTogether } from './client.ts';
import { DatabaseBrokenError, unavailableReason } from './unavailable.ts';

// What PGlite answered when a full disk kept it from creating a WAL segment; its next query spun forever.
const walPanic = () =>
  Object.assign(new Error('could not write to file "pg_wal/xlogtemp.42": No space left on device'), {
    severity: 'PANIC',
    code: '53100',
  });

/** A PGlite whose next statement fails with a PANIC once `panicNext` is set; counts what reaches the backend. */
function panicky(instance: PGlite) {
  const state = { panicNext: false, backendCalls: 0 };
  const stream = instance.execProtocolStream.bind(instance);
  instance.execProtocolStream = async (...args) => {
    if (state.panicNext) {
      state.panicNext = false;
      throw walPanic();
    }
    return stream(...args);
  };
  const raw = instance.execProtocolRawSync.bind(instance);
  instance.execProtocolRawSync = (message) => {
    state.backendCalls++;
    return raw(message);
  };
  return state;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('the embedded database after a PANIC', () => {
  it('answers DatabaseBrokenError at once and never runs the dead backend again', async () => {
    const instance = new PGlite();
    const state = panicky(instance);
    const database = fromPglite(instance);
    await database.db.execute(sql`select 1`);
    state.panicNext = true;
    const first = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(unavailableReason(first)).toBe('DISK_FULL');
    const calls = state.backendCalls;
    const next = await database.db.execute(sql`select 1`).catch((error: unknown) => error);
    expect(unavailableReason(next)).toBe('DISK_FULL');
    expect((next as Error).cause ?? next).toBeInstanceOf(Error);
    expect(state.backendCalls).toBe(calls);
    expect(await database.ping()).toBe(false);
    await database.close();
  }, 60_000);

  it('reopens a folder by itself and keeps what was committed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bullpen-reopen-'));
    dirs.push(dir);
    const instance = new PGlite({ dataDir: dir });
    const state = panicky(instance);
    const database = fromPglite(instance, { dataDir: dir, reopen: () => new PGlite({ dataDir: dir }) });
    await database.db.execute(sql`create table kept (n int)`);
    await database.db.execute(sql`insert into kept values (1)`);
    state.panicNext = true;
    await expect(database.db.execute(sql`insert into kept values (2)`)).rejects.toThrow();
    await expect(database.db.execute(sql`select 1`)).rejects.toSatisfy(
      (error) => error instanceof DatabaseBrokenError || (error as Error).cause instanceof DatabaseBrokenError,
    );
    const deadline = Date.now() + 30_000;
    while (!(await database.ping()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const kept = (await database.db.execute(sql`select n from kept order by n`)) as unknown as { rows: unknown[] };
    expect(kept.rows).toEqual([{ n: 1 }]);
    await database.db.execute(sql`insert into kept values (3)`);
    await database.close();
  }, 60_000);
});

describe('readTogether', () => {
  /** A read that notes when it starts and ends, and answers its name. */
  function noting(log: string[]) {
    return (name: string) => async () => {
      log.push(`start ${name}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
      log.push(`end ${name}`);
      return name;
    };
  }

  // Each starts an embedded database: seconds on a machine that runs the other tests beside it.
  it('runs reads side by side on the pool, and one after another inside a transaction', async () => {
    const database = fromPglite(new PGlite());
    const onPool: string[] = [];
    expect(await readTogether(database.db, [noting(onPool)('a'), noting(onPool)('b')])).toEqual(['a', 'b']);
    expect(onPool).toEqual(['start a', 'start b', 'end a', 'end b']);

    const inTransaction: string[] = [];
    const answers = await database.db.transaction(async (tx) => {
      const read = noting(inTransaction);
      return readTogether(tx, [read('a'), () => tx.execute(sql`select 2 as n`), read('c')]);
    });
    expect(answers[0]).toBe('a');
    expect((answers[1] as { rows: unknown[] }).rows).toEqual([{ n: 2 }]);
    expect(answers[2]).toBe('c');
    expect(inTransaction).toEqual(['start a', 'end a', 'start c', 'end c']);
    await database.close();
  }, 60_000);
});

describe('the embedded database and the event loop', () => {
  it('lets the server read other requests between the queries of a long one', async () => {
    const database = fromPglite(new PGlite());
    await database.db.execute(sql`select 1`);
    // A turn of the event loop, as an incoming request needs; counted while 20 queries run in a row.
    let turns = 0;
    let counting = true;
    const count = () => {
      if (!counting) return;
      turns++;
      setImmediate(count);
    };
    setImmediate(count);
    for (let i = 0; i < 20; i++) await database.db.execute(sql`select ${i}::int as n`);
    counting = false;
    // PGlite answers without I/O: without a turn before each query, none would come until the last.
    expect(turns).toBeGreaterThanOrEqual(19);
    await database.close();
  }, 60_000);
});
