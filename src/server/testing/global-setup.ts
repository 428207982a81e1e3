import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { fromPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The PostgreSQL the tests may create databases on, and the first worker's database; null without one. */
    postgresUrl: string | null;
    /** A migrated database for each worker (the API files of two workers never share one). */
    postgresUrls: string[];
  }
}

export const TEMPLATE_DIR = '.data-test';

/**
 * Once per run: the compiled server; a migrated embedded database saved as a template each test file loads
 * (initdb costs seconds), and, when TEST_DATABASE_URL is set, a fresh migrated PostgreSQL database for each of
 * the run's workers (vitest.config.ts `maxWorkers`), so files running at once never meet in one database.
 */
export default async function setup(project: TestProject) {
  // The compiled server (`npm run build`'s second half, about a second) that the production tests start.
  const built = spawnSync(process.execPath, ['scripts/build-server.ts'], { encoding: 'utf8' });
  if (built.status !== 0) throw new Error(`scripts/build-server.ts failed: ${built.stderr}`);
  mkdirSync(TEMPLATE_DIR, { recursive: true });
  const template = join(TEMPLATE_DIR, 'template.tar.gz');
  const client = new PGlite();
  const embedded = fromPglite(client);
  await embedded.migrate();
  const dump = await client.dumpDataDir('gzip');
  writeFileSync(template, Buffer.from(await dump.arrayBuffer()));
  await embedded.close();
  project.provide('pgliteTemplate', template);

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    console.log('TEST_DATABASE_URL is not set: API tests run on the embedded database only.');
    project.provide('postgresUrl', null);
    project.provide('postgresUrls', []);
    return;
  }
  const workers = Math.max(1, Number(project.vitest.config.maxWorkers) || 1);
  const names = Array.from({ length: workers }, (_, i) => `bullpen_test_${process.pid}_${Date.now()}_${i + 1}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const name of names) await admin.query(`create database ${name}`);
  await admin.end();
  const urls = names.map((name) => {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return url.toString();
  });
  for (const url of urls) {
    const database = openPostgres(url, { max: 2 });
    await database.migrate();
    await database.close();
  }
  const host = new URL(adminUrl).host;
  console.log(`API tests run on the embedded database and on PostgreSQL (${host}/${names.join(', ')}).`);
  project.provide('postgresUrl', urls[0] as string);
  project.provide('postgresUrls', urls);

  return async () => {
    const cleanup = new pg.Client({ connectionString: adminUrl });
    await cleanup.connect();
    for (const name of names) await cleanup.query(`drop database if exists ${name} with (force)`);
    await cleanup.end();
  };
}
