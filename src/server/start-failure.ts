import { describePostgres, postgresUnreachable } from './doctor/checks.ts';
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
  // The network's error (ECONNREFUSED…) or PostgreSQL's refusal while reaching it, in the doctor's words; a failed
  // migration or an embedded folder in use says what it is itself. Drizzle wraps the driver's error (its `cause`).
  const driver = error.code ? error : (error.cause as (Error & { code?: string }) | undefined);
  const reaching = driver?.code && (/^E[A-Z_]+$/.test(driver.code) || CONNECTION_REFUSED.includes(driver.code));
  if (stage === 'database' && env.DATABASE_URL && driver && reaching) {
    return sentence(postgresUnreachable(describePostgres(env.DATABASE_URL), driver).message);
  }
  return sentence(error.message.split('\n')[0] ?? String(error));
}
