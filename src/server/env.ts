import { z } from 'zod';
import { DISK_FAIL_MIB } from './doctor/checks.ts';

/** The one reader of process.env: every setting Bullpen understands, checked at start-up. */
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATABASE_URL: z.string().url().optional(),
  BULLPEN_DATA_DIR: z.string().default('./data'),
  BULLPEN_DEMO: flag,
  BULLPEN_SECRET: z.string().min(32).optional(),
  BULLPEN_PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Bullpen <no-reply@bullpen.local>'),
  BULLPEN_DEV_MAILBOX: flag,
  BULLPEN_SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .positive()
    .default(3 * 24 * 60),
  BULLPEN_SESSION_ABSOLUTE_DAYS: z.coerce.number().int().positive().default(30),
  BULLPEN_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(8).max(64).default(8),
  BULLPEN_SIGNIN_IP_LIMIT: z.coerce.number().int().positive().default(30),
  BULLPEN_SIGNIN_IP_WINDOW_SECONDS: z.coerce.number().int().positive().default(300),
  /** Fastify's trustProxy: 'true' (trust X-Forwarded-For) or comma-separated proxy addresses/CIDRs. */
  BULLPEN_TRUST_PROXY: z
    .string()
    .optional()
    .transform((v): boolean | string[] => {
      if (!v || v === 'false' || v === '0') return false;
      if (v === 'true') return true;
      return v.split(',').map((s) => s.trim());
    }),
  /** The NOTIFY channel Bullpen servers on one PostgreSQL share their events on (subscriptions). */
  BULLPEN_EVENTS_CHANNEL: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case PostgreSQL identifier')
    .default('bullpen_events'),
  /** How often each server settles the games whose count deadline passed (decisions/0031). */
  BULLPEN_SETTLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** `bullpen doctor` fails the disk check under this many MiB free for the embedded database (doctor/checks.ts). */
  BULLPEN_DOCTOR_MIN_FREE_MB: z.coerce.number().int().positive().default(DISK_FAIL_MIB),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.output<typeof schema>;

/** Each invalid setting with what is wrong with it (for `bullpen doctor`); empty when the settings are valid. */
export function envProblems(source: NodeJS.ProcessEnv = process.env): { setting: string; message: string }[] {
  const parsed = schema.safeParse(source);
  return parsed.success ? [] : problemsOf(parsed.error);
}

function problemsOf(error: z.ZodError): { setting: string; message: string }[] {
  return error.issues.map((i) => ({ setting: i.path.join('.'), message: i.message }));
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = problemsOf(parsed.error).map((p) => `  ${p.setting}: ${p.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
