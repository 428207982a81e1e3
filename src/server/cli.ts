import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createInterface } from 'node:readline/promises';
import { Command } from 'commander';
import { isRole, type Role } from '../core/roles.ts';
import type { Database } from './db/client.ts';
import type { Env } from './env.ts';
import type { StartStage } from './start-failure.ts';

// Each command imports what it needs when it runs, so that `eligibility` loads the rules engine and nothing of
// the server (no app, no database driver): a run takes a tenth of the time and a fifth of the memory
// (docs/performance.md).

/** The settings (src/server/env.ts); a wrong one stops the command with its name. */
async function readConfig(): Promise<Env> {
  const { readEnv, withoutSecrets } = await import('./env.ts');
  try {
    return readEnv();
  } catch (error) {
    // Said in plain words, without a stack trace: the message names each setting and what is wrong with it.
    console.error(withoutSecrets((error as Error).message));
    process.exit(1);
  }
}

/**
 * The database of a command that only reads it (`audit verify`, `audit check`): an embedded folder that holds none
 * is refused, as `backup` refuses it, rather than created empty and found all in order.
 */
async function openExisting(env: Env, command: string, nothing: string): Promise<Database> {
  if (!env.DATABASE_URL) {
    const [{ holdsDatabase }, { BACKUP_MESSAGES }] = await Promise.all([
      import('./db/data-dir-lock.ts'),
      import('./db/backup.ts'),
    ]);
    if (!holdsDatabase(env.BULLPEN_DATA_DIR)) {
      throw new Error(BACKUP_MESSAGES.noEmbedded(env.BULLPEN_DATA_DIR, { command, nothing }));
    }
  }
  return openDatabase(env);
}

async function openDatabase(env: Env): Promise<Database> {
  const { openEmbedded, openPostgres } = await import('./db/client.ts');
  if (env.DATABASE_URL) return openPostgres(env.DATABASE_URL);
  const { lockDataDir } = await import('./db/data-dir-lock.ts');
  const release = lockDataDir(env.BULLPEN_DATA_DIR);
  const database = openEmbedded({ dataDir: env.BULLPEN_DATA_DIR });
  return {
    ...database,
    async close() {
      await database.close();
      release();
    },
  };
}

async function serve() {
  const env = await readConfig();
  const { unsafeInProduction } = await import('./env.ts');
  const unsafe = unsafeInProduction(env);
  if (unsafe.length > 0) {
    console.error(
      [
        'Bullpen did not start: NODE_ENV=production, and the settings are not safe to serve on the internet.',
        ...unsafe.map((u) => `  ${u.setting} ${u.message}`),
        'Set them in the environment file (docs/deploy.md), then run `bullpen doctor` to check.',
      ].join('\n'),
    );
    process.exitCode = 1;
    return;
  }
  const [{ buildApp }, { DEMO_ACCOUNTS, DEMO_PASSWORD, needsDemo, seedDemo }, { ensurePresetRules }, { startHistory }] =
    await Promise.all([
      import('./app.ts'),
      import('./db/demo-seed.ts'),
      import('./db/preset-rules.ts'),
      import('./services/history.ts'),
    ]);
  // Whatever stops the start (the database away, a migration that fails, the port taken) ends the process at once
  // with a sentence saying so: a server that logged an error and kept running without listening was never
  // restarted (docs/deploy.md, step 6).
  let stage: StartStage = 'database';
  let opened: Database | undefined;
  let built: Awaited<ReturnType<typeof buildApp>> | undefined;
  const start = async () => {
    const database = await openDatabase(env);
    opened = database;
    await database.migrate();
    stage = 'start';
    await ensurePresetRules(database.db);
    // Demo data only on a fresh embedded database, or on PostgreSQL when asked for explicitly; never in production.
    const wantDemo =
      env.NODE_ENV !== 'production' &&
      (database.kind === 'embedded' ? env.BULLPEN_DEMO !== false : env.BULLPEN_DEMO === true);
    const seeded = wantDemo && (await needsDemo(database.db));
    if (seeded) await seedDemo(database.db);
    // Records from before the change history (or the demo's) start it as they are now.
    await startHistory(database.db, new Date());
    built = await buildApp({ database, env });
    stage = 'listen';
    const address = await built.app.listen({ port: env.PORT, host: env.HOST });
    return { database, ...built, address, wantDemo, seeded };
  };
  const server = await start().catch(async (error: Error & { code?: string }) => {
    const { notStarted } = await import('./start-failure.ts');
    console.error(notStarted(env, stage, error));
    // What is open is closed if it closes soon; a database that does not answer must not hold the exit up.
    const closing = (async () => {
      await built?.app.close();
      await opened?.close();
    })().catch(() => {});
    await Promise.race([closing, new Promise((resolve) => setTimeout(resolve, 3_000).unref())]);
    process.exit(1);
  });
  const { app, database, startDraining, address, wantDemo, seeded } = server;
  const close = async (signal: string) => {
    app.log.info({ signal }, 'shutting down');
    startDraining();
    if (env.BULLPEN_DRAIN_SECONDS > 0) await new Promise((r) => setTimeout(r, env.BULLPEN_DRAIN_SECONDS * 1000));
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  const url = address.replace('127.0.0.1', 'localhost').replace('[::1]', 'localhost');
  const where = database.kind === 'embedded' ? `embedded database in ${env.BULLPEN_DATA_DIR}` : 'PostgreSQL';
  // Behind a proxy, the address it listens on is not the one people open: the line says both.
  const publicUrl = env.BULLPEN_PUBLIC_URL ? `; people open it at ${new URL(env.BULLPEN_PUBLIC_URL).origin}` : '';
  const lines = [`Bullpen is running at ${url} (${where})${publicUrl}`];
  if (seeded) {
    lines.push('Seeded the demo organization. Demo accounts (password: bullpen-demo):');
    for (const a of DEMO_ACCOUNTS) lines.push(`  ${a.email.padEnd(24)} ${a.note}`);
  } else if (wantDemo) {
    lines.push(
      `Demo accounts (if unchanged): ${DEMO_ACCOUNTS.map((a) => a.email).join(', ')}; password ${DEMO_PASSWORD}`,
    );
  }
  const { hasSuperAdmin } = await import('./services/users.repository.ts');
  if (!(await hasSuperAdmin(database.db))) {
    lines.push('Nobody can sign in to administer it yet: create a SuperAdmin with');
    lines.push('  bullpen create-superadmin --email you@example.org');
  }
  console.log(lines.join('\n'));
}

interface CreateUserOptions {
  email: string;
  password?: string;
  givenName: string;
  familyName: string;
  roles: Role[];
  /** Make the password temporary: NEW_PASSWORD_REQUIRED at first sign-in, valid 7 days. */
  temporary?: boolean;
}

async function createUser(opts: CreateUserOptions) {
  const env = await readConfig();
  const [{ passwordProblem }, { createUserWithPassword, findUserByEmail, TEMPORARY_PASSWORD_DAYS }] = await Promise.all(
    [import('../core/password-policy.ts'), import('./services/users.repository.ts')],
  );
  const database = await openDatabase(env);
  try {
    await database.migrate();
    if (await findUserByEmail(database.db, opts.email)) {
      console.error(`A user with the email ${opts.email} already exists.`);
      process.exitCode = 1;
      return;
    }
    let password = opts.password;
    let generated = false;
    if (!password && process.stdin.isTTY && !opts.temporary) {
      const rl = createInterface({ input: process.stdin, output: process.stdout });
      password = (await rl.question('Password (leave empty to generate one): ')).trim() || undefined;
      rl.close();
    }
    if (!password) {
      password = randomBytes(12).toString('base64url');
      generated = true;
    }
    const problem = passwordProblem(password, { minLength: env.BULLPEN_PASSWORD_MIN_LENGTH, maxLength: 128 });
    if (problem) {
      console.error(problem);
      process.exitCode = 1;
      return;
    }
    await createUserWithPassword(database.db, {
      email: opts.email,
      givenName: opts.givenName,
      familyName: opts.familyName,
      roles: opts.roles,
      password,
      temporaryUntil: opts.temporary ? new Date(Date.now() + TEMPORARY_PASSWORD_DAYS * 86_400_000) : undefined,
    });
    const what = opts.roles.length ? opts.roles.join(', ') : 'user';
    console.log(`Created ${what} ${opts.email.toLowerCase()}.`);
    if (generated) console.log(`Generated ${opts.temporary ? 'temporary ' : ''}password: ${password}`);
  } finally {
    await database.close();
  }
}

/** `bullpen migrate`: creates the database on a fresh install, and says so (src/server/migrate-command.ts). */
async function migrateOnly() {
  const env = await readConfig();
  const { migrateCommand } = await import('./migrate-command.ts');
  await migrateCommand(env, openDatabase);
}

/**
 * The rules engine's English (a violation's `message`, a rule's problem): the rules catalogue alone,
 * read here, as the server's i18n.ts would read every catalogue (and load the server with it).
 */
async function rulesInEnglish(): Promise<void> {
  const [{ readFileSync }, { useEnglish }] = await Promise.all([import('node:fs'), import('../core/i18n/english.ts')]);
  // Two folders below the install root, as src/server/paths.ts reads it (which would load the server).
  const file = new URL('../../src/core/i18n/catalogues/en/rules.json', import.meta.url);
  useEnglish(JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>);
}

/** Reads one JSON object on stdin, answers on stdout; pure, so no database and no data-dir lock. */
async function eligibility(opts: { batch?: boolean }) {
  await rulesInEnglish();
  if (opts.batch) return eligibilityBatch();
  const { eligibilityCommand } = await import('../core/rules/eligibility-contract.ts');
  let text = '';
  process.stdin.setEncoding('utf8');
  for await (const chunk of process.stdin) text += chunk;
  const result = eligibilityCommand(text);
  process.stdout.write(result.stdout);
  process.stderr.write(result.stderr);
  process.exitCode = result.exitCode;
}

/**
 * `bullpen eligibility --batch`: one JSON request per line in, one answer per line out, in order, as each line
 * arrives (stdin is never read whole). Blank lines are skipped. The exit code is the worst line's (docs/cli.md).
 */
async function eligibilityBatch() {
  const { eligibilityBatchAnswer } = await import('../core/rules/eligibility-contract.ts');
  let exitCode = 0;
  for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
    if (!line.trim()) continue;
    const answer = eligibilityBatchAnswer(line);
    exitCode = Math.max(exitCode, answer.exitCode);
    // A slow reader of stdout holds the batch back rather than letting the answers pile up in memory.
    if (!process.stdout.write(`${answer.line}\n`)) await once(process.stdout, 'drain');
  }
  process.exitCode = exitCode;
}

/** `bullpen backup [file]` and `bullpen restore <file>` (src/server/backup-command.ts). */
async function backup(file: string | undefined) {
  const env = await readConfig();
  const { backupCommand } = await import('./backup-command.ts');
  await backupCommand(env, file);
}

async function restore(file: string) {
  const env = await readConfig();
  const { restoreCommand } = await import('./backup-command.ts');
  await restoreCommand(env, file, openDatabase);
}

/**
 * `bullpen audit verify`: walks every organization's change history and checks the records are
 * what it ends in (docs/reliability.md, "The pitch record"). Exit code 1 names the first problem.
 */
async function auditVerify(opts: { json?: boolean; head?: string[] }) {
  const env = await readConfig();
  const { verifyHistory } = await import('./services/history.ts');
  const { checkHeads, parseHeadDigest } = await import('./services/record-digest.ts');
  // Digests kept outside the database (the daily email, a printed log): '<chain>:<seq>:<hash>'.
  const heads = (opts.head ?? []).map((text) => ({ text, head: parseHeadDigest(text) }));
  const unreadable = heads.find((h) => h.head === null);
  if (unreadable) {
    console.error(
      `Not a digest: "${unreadable.text}". Copy it whole from the email or the printed log: <history>:<entry>:<hash>.`,
    );
    process.exitCode = 1;
    return;
  }
  const database = await openExisting(env, 'audit verify', 'nothing to verify');
  try {
    await database.migrate();
    const verified = await verifyHistory(database.db);
    const kept = await checkHeads(
      database.db,
      heads.flatMap((h) => (h.head ? [h.head] : [])),
    );
    const result = {
      ...verified,
      heads: heads.length,
      problems: [...verified.problems, ...kept.map((message) => ({ message }))],
    };
    if (opts.json) {
      console.log(JSON.stringify(result));
    } else if (result.problems.length === 0) {
      console.log(
        `The history holds: ${result.entries} entries, and ${result.records} records are what it ends in` +
          (heads.length ? `; the ${heads.length} digest(s) kept outside the database match.` : '.'),
      );
    } else {
      const [first] = result.problems;
      console.error(`The history does not hold: ${result.problems.length} problem(s). First: ${first?.message}`);
      for (const p of result.problems.slice(1, 20)) console.error(`  ${p.message}`);
    }
    if (result.problems.length > 0) process.exitCode = 1;
  } catch (error) {
    console.error((await import('./start-failure.ts')).commandFailed(error as Error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/**
 * `bullpen audit check <hash>`: what a hash printed on a game's log says now: the entry it names,
 * and whether the game changed since (exit 1 when no entry has that hash).
 */
async function auditCheck(hash: string) {
  const env = await readConfig();
  const { checkPrintedHash } = await import('./services/history.ts');
  const database = await openExisting(env, 'audit check', 'no history to look the hash up in');
  try {
    await database.migrate();
    const found = await checkPrintedHash(database.db, hash);
    if (!found) {
      console.error(
        'No entry of any history has this hash: the copy was not printed from this database, or the hash was mistyped.',
      );
      process.exitCode = 1;
      return;
    }
    const at = found.at.toISOString().slice(0, 16).replace('T', ' ');
    console.log(
      `Entry ${found.seq} of the history, ${at} UTC${found.gameId ? `, game ${found.gameId}` : ''}: ` +
        (found.changesSince === 0
          ? 'the game has not changed since; the paper copy is the record as it stands.'
          : `the game changed ${found.changesSince} time(s) since; its history (CSV) says how.`),
    );
  } catch (error) {
    console.error((await import('./start-failure.ts')).commandFailed(error as Error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

/**
 * `bullpen doctor`: checks the configuration, the database, its migrations, the clock, mail and disk space, one
 * line each (docs/cli.md); changes nothing. Exit 1 when a check failed.
 */
async function doctor(opts: { json?: boolean }) {
  const [{ runDoctor }, { exitCodeOf, formatReport }] = await Promise.all([
    import('./doctor/run.ts'),
    import('./doctor/checks.ts'),
  ]);
  const checks = await runDoctor();
  console.log(opts.json ? JSON.stringify({ checks }) : formatReport(checks));
  process.exitCode = exitCodeOf(checks);
}

/** `bullpen seed-scale --leagues N`: a national program's data for benchmarks (src/server/db/scale-seed.ts). */
async function scaleSeed(opts: { leagues: string; leaguesPerOrganization: string; json?: boolean }) {
  const env = await readConfig();
  const [{ seedScale }, { startHistory }] = await Promise.all([
    import('./db/scale-seed.ts'),
    import('./services/history.ts'),
  ]);
  const database = await openDatabase(env);
  try {
    await database.migrate();
    const summary = await seedScale(database.db, {
      leagues: Number(opts.leagues),
      leaguesPerOrganization: Number(opts.leaguesPerOrganization),
    });
    // What the seed wrote starts its change history here, not at the server's next start.
    await startHistory(database.db, new Date());
    if (opts.json) {
      console.log(JSON.stringify(summary));
      return;
    }
    console.log(
      [
        `Seeded ${summary.organizations} organizations, ${summary.leagues} leagues, ${summary.teams} teams, ` +
          `${summary.players} players, ${summary.users} users, ${summary.games} games, ${summary.outings} outings ` +
          `and ${summary.violations} violations in ${summary.seconds} s (run ${summary.tag}).`,
        `Accounts (password ${summary.password}): ${summary.sample.coachEmail} (coach), ` +
          `${summary.sample.leagueAdminEmail} (league admin), ${summary.sample.organizationAdminEmail} (organization admin).`,
      ].join('\n'),
    );
  } catch (error) {
    console.error((await import('./start-failure.ts')).commandFailed(error as Error));
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}

const program = new Command('bullpen').description('Bullpen: pitch counts and rest-day rules for youth leagues');
program.command('serve').description('Migrate the database and serve Bullpen (PORT, default 3000)').action(serve);
program.command('migrate').description('Apply pending database migrations and exit').action(migrateOnly);
program
  .command('backup')
  .description(
    'Save the database (embedded, or PostgreSQL with pg_dump when DATABASE_URL is set) to a file, and say what it holds',
  )
  .argument('[file]', 'where to write it (default: bullpen-backup-<time> in this folder)')
  .action(backup);
program
  .command('restore')
  .description('Replace the database with a backup made by `bullpen backup`; stop the servers first')
  .argument('<file>', 'the backup')
  .action(restore);
program
  .command('seed-scale')
  .description('Add a national program for benchmarks: N leagues of 8 teams, each with 480 outings so far this season')
  .requiredOption('--leagues <n>', 'how many leagues (2084 make about a million outings)')
  .option('--leagues-per-organization <n>', 'leagues in each organization', '5')
  .option('--json', 'print the summary as JSON')
  .action(scaleSeed);
program
  .command('doctor')
  .description('Check the configuration: database, migrations, clock, mail and disk space; exit 1 when one fails')
  .option('--json', 'print the checks as JSON')
  .action(doctor);
const audit = program.command('audit').description('The change history of the pitch record');
audit
  .command('verify')
  .description('Check every history’s hash chain, and that each game, outing and count is what its history ends in')
  .option('--json', 'print the result as JSON')
  .option(
    '--head <digest...>',
    'a digest kept outside the database (the daily email, a printed log): the history up to it must not be rewritten',
  )
  .action(auditVerify);
audit
  .command('check')
  .description('Say what a hash printed on a game’s log names, and whether the game changed since')
  .argument('<hash>', 'the record hash printed on the log')
  .action(auditCheck);
program
  .command('eligibility')
  .description('Read a rule, a birth date and appearances as JSON on stdin; print eligibility as JSON (docs/cli.md)')
  .option('--batch', 'one JSON request per line on stdin, one answer per line on stdout, in order')
  .action(eligibility);
program
  .command('create-superadmin')
  .description('Create a SuperAdmin; asks for the password, or generates one')
  .requiredOption('--email <email>', 'email address to sign in with')
  .option('--password <password>', 'password (otherwise asked for, or generated and printed)')
  .option('--given-name <name>', 'first name', 'Super')
  .option('--family-name <name>', 'last name', 'Admin')
  .action((opts) => createUser({ ...opts, roles: ['SuperAdmin'] }));
program
  .command('create-user')
  .description('Create a user, optionally with roles and a temporary password they must change at first sign-in')
  .requiredOption('--email <email>', 'email address to sign in with')
  .requiredOption('--given-name <name>', 'first name')
  .requiredOption('--family-name <name>', 'last name')
  .option('--roles <roles>', 'comma-separated: SuperAdmin, admin, coach, parent', '')
  .option('--password <password>', 'password (otherwise asked for, or generated and printed)')
  .option('--temporary', 'the password is temporary (works once, for 7 days)')
  .action((opts) => {
    const roles = String(opts.roles)
      .split(',')
      .map((r: string) => r.trim())
      .filter(Boolean);
    const unknown = roles.filter((r: string) => !isRole(r));
    if (unknown.length) {
      console.error(`Unknown role: ${unknown.join(', ')}`);
      process.exitCode = 1;
      return;
    }
    return createUser({ ...opts, roles: roles as Role[] });
  });

try {
  await program.parseAsync(process.argv);
} catch (error) {
  // What went wrong in words (a database in use, unreachable, a file missing); the stack only when asked for.
  if (process.env.LOG_LEVEL === 'debug') console.error(error);
  else console.error((await import('./start-failure.ts')).commandFailed(error as Error));
  process.exitCode = 1;
}
