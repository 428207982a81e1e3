import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';

/**
 * What a database holds, table by table: its columns, its row count and a digest of its rows. A release's
 * fixture keeps these (scripts/release-fixture.ts), and the upgrade test compares a migrated copy with them: the
 * digest is the same on PGlite and PostgreSQL, in any time zone or locale, for the same rows.
 */

export interface Column {
  name: string;
  /** As PostgreSQL writes it: 'uuid', 'timestamp with time zone', 'integer[]'. */
  type: string;
}

export interface TableState {
  columns: Column[];
  rows: number;
  /** SHA-256 of the rows' text, one row a line, sorted byte-wise. */
  digest: string;
}

/** The tables of `schemas` (the app's is 'public'; drizzle keeps its migrations in 'drizzle'), by name. */
export async function listTables(db: Db, schemas: readonly string[] = ['public']): Promise<Map<string, Column[]>> {
  const result = (await db.execute(sql`
    select c.table_schema as schema, c.table_name as table, a.attname as name,
      format_type(a.atttypid, a.atttypmod) as type
    from information_schema.tables c
    join pg_attribute a on a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
    where c.table_type = 'BASE TABLE' and c.table_schema in (${sql.join(
      schemas.map((s) => sql`${s}`),
      sql`, `,
    )}) and a.attnum > 0 and not a.attisdropped
    order by c.table_schema, c.table_name, a.attnum`)) as unknown as {
    rows: { schema: string; table: string; name: string; type: string }[];
  };
  const tables = new Map<string, Column[]>();
  for (const row of result.rows) {
    const key = tableKey(row.schema, row.table);
    const columns = tables.get(key) ?? [];
    columns.push({ name: row.name, type: row.type });
    tables.set(key, columns);
  }
  return tables;
}

/** 'games' for the app's tables, 'drizzle.__drizzle_migrations' for another schema's. */
const tableKey = (schema: string, table: string) => (schema === 'public' ? table : `${schema}.${table}`);

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const qualified = (key: string) => key.split('.').map(quoted).join('.');

/**
 * The rows of `table` over `columns` only (a column a later migration added is not in an older fixture's
 * digest). Each row is written as PostgreSQL writes a record, under fixed settings: UTC, ISO dates, every
 * float digit. Runs in its own transaction so the settings stay there.
 */
export async function digestRows(
  db: Db,
  table: string,
  columns: readonly string[],
): Promise<{ rows: number; digest: string }> {
  const row = `row(${columns.map(quoted).join(', ')})::text`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    await tx.execute(sql`set local datestyle = 'ISO, YMD'`);
    await tx.execute(sql`set local intervalstyle = 'postgres'`);
    await tx.execute(sql`set local extra_float_digits = 1`);
    await tx.execute(sql`set local bytea_output = 'hex'`);
    const result = (await tx.execute(
      sql.raw(`select count(*)::int as rows,
        encode(sha256(convert_to(coalesce(string_agg(r, E'\\n' order by r collate "C"), ''), 'UTF8')), 'hex') as digest
        from (select ${row} as r from ${qualified(table)}) s`),
    )) as unknown as { rows: { rows: number; digest: string }[] };
    const [answer] = result.rows;
    if (!answer) throw new Error(`no digest of ${table}`);
    return { rows: Number(answer.rows), digest: answer.digest };
  });
}

/** Every table of `schemas` with its columns, row count and digest, by name in order. */
export async function tableStates(
  db: Db,
  schemas: readonly string[] = ['public'],
): Promise<Record<string, TableState>> {
  const states: Record<string, TableState> = {};
  for (const [table, columns] of await listTables(db, schemas)) {
    states[table] = {
      columns,
      ...(await digestRows(
        db,
        table,
        columns.map((c) => c.name),
      )),
    };
  }
  return states;
}
