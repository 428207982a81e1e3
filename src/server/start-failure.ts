import { describePostgres, POSTGRES_CONNECT_TIMEOUT_MS, postgresUnreachable } from './doctor/checks.ts';
import { listenProblem } from './doctor/listening.ts';
import { type Env, withoutSecrets } from './env.ts';

/** How far `bullpen serve` got: opening and migrating the database, starting the app, listening. */
export type StartStage = 'database' | 'start' | 'listen';

/** PostgreSQL's refusals of a connection: the user or password (28…), no such database (3D000). */
const CONNECTION_REFUSED = ['28P01', '28000', '3D000'];

const DOCTOR = 'Run `bullpen doctor` to check the settings, the database and the port.';

/**
 * What `bullpen serve` says as it stops because it could not start: what is wrong in one sentence, in the
 * doctor's words where the doctor has them, and never a password (docs/deploy.md, step 6).
 */
export function notStarted(env: Env, stage: StartStage, error: Error & { code?: string }): string {
  return withoutSecrets(`Bullpen did not start: ${what(env, stage, error)} ${DOCTOR}`);
}

function what(env: Env, stage: StartStage, error: Error & { code?: string }): string {
  const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`);
  if (stage === 'listen') {
    const problem = listenProblem({ host: env.HOST, port: env.PORT }, error.code);
    if (problem) return sentence(problem);
  }
  // PostgreSQL out of reach in the doctor's words; a failed migration or an embedded folder in use says what it is.
  const unreachable = stage === 'database' && env.DATABASE_URL ? postgresNotReached(env.DATABASE_URL, error) : null;
  if (unreachable) return sentence(unreachable);
  return sentence(error.message.split('\n')[0] ?? String(error));
}

/** node-postgres says a connection that did not answer in time (the pool's wait, the client's) without a code. */
const TIMED_OUT = /^(Connection terminated due to connection timeout|timeout exceeded when trying to connect)/;

/**
 * PostgreSQL that could not be reached, in the doctor's words: the network's error (ECONNREFUSED…), PostgreSQL's
 * refusal of the connection, or no answer within POSTGRES_CONNECT_TIMEOUT_MS; null for any other error. Drizzle
 * wraps the driver's error (its `cause`).
 */
export function postgresNotReached(databaseUrl: string, error: Error & { code?: string }): string | null {
  const target = describePostgres(databaseUrl);
  const wrapped = error.cause as (Error & { code?: string }) | undefined;
  if ([error, wrapped].some((e) => e instanceof Error && !e.code && TIMED_OUT.test(e.message))) {
    return postgresUnreachable(target, { code: 'TIMEOUT', message: error.message }, POSTGRES_CONNECT_TIMEOUT_MS)
      .message;
  }
  const driver = error.code ? error : wrapped;
  const reaching = driver?.code && (/^E[A-Z_]+$/.test(driver.code) || CONNECTION_REFUSED.includes(driver.code));
  return driver && reaching ? postgresUnreachable(target, driver).message : null;
}

/** What another command says as it stops on an error: PostgreSQL out of reach in the doctor's words, no password. */
export function commandFailed(error: Error, source: NodeJS.ProcessEnv = process.env): string {
  let said: string | null = null;
  try {
    said = source.DATABASE_URL ? postgresNotReached(source.DATABASE_URL, error) : null;
  } catch {
    // A DATABASE_URL that is no URL: the error says what it says.
  }
  return withoutSecrets(said ?? error.message, source);
}
