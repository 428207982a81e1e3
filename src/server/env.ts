import { isIP } from 'node:net';
import { z } from 'zod';
import { DISK_FAIL_MIB } from './doctor/checks.ts';

/** The one reader of process.env: every setting Bullpen understands, checked at start-up. */
const flag = z
  .enum(['0', '1', 'true', 'false', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : v === '1' || v === 'true'));

/** A secret of fewer different characters is a pattern, not a secret. */
const MIN_SECRET_CHARACTERS = 10;

/** An http(s) address with nothing but scheme, host and port. */
function isOriginOnly(value: string): boolean {
  try {
    const url = new URL(value);
    return !url.username && !url.password && (url.pathname === '/' || url.pathname === '') && !url.search && !url.hash
      ? !value.includes('?') && !value.includes('#')
      : false;
  } catch {
    return false;
  }
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('localhost'),
  DATABASE_URL: z.string().url().optional(),
  BULLPEN_DATA_DIR: z.string().default('./data'),
  BULLPEN_DEMO: flag,
  BULLPEN_SECRET: z
    .string()
    .min(32)
    // 'aaaa…' or '0123…' repeated passes a length check and signs nothing safely.
    .refine((v) => new Set(v).size >= MIN_SECRET_CHARACTERS, {
      message: `is too predictable (fewer than ${MIN_SECRET_CHARACTERS} different characters): make one with openssl rand -base64 48`,
    })
    .optional(),
  BULLPEN_PUBLIC_URL: z
    .string()
    .url()
    // Links in emails and on the plate card are made on it: a user name, password or path in it would be copied
    // into every one of them.
    .refine(isOriginOnly, {
      message:
        'must be an address only, like https://pitches.example.org: no user name or password, no path, query or #',
    })
    .optional(),
  SMTP_URL: z
    .string()
    .optional()
    .superRefine((v, ctx) => {
      const problem = v ? smtpProblem(v) : null;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
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
  /**
   * Fastify's trustProxy: a number of proxies in front (hops; `true` is 1), or comma-separated proxy addresses or
   * ranges (decision 0051).
   */
  BULLPEN_TRUST_PROXY: z
    .string()
    .optional()
    .transform((v, ctx): false | number | string[] => {
      const value = v?.trim();
      if (!value || value === 'false' || value === '0') return false;
      if (value === 'true') return 1;
      if (/^\d+$/.test(value)) {
        const hops = Number(value);
        if (hops <= MAX_PROXY_HOPS) return hops;
        ctx.addIssue({
          code: 'custom',
          message: `${value} proxies in front of Bullpen is more than any setup has: write 1 for one proxy (Caddy), or the proxy's address`,
        });
        return false;
      }
      const proxies = value.split(',').map((s) => s.trim());
      for (const proxy of proxies) {
        const problem = proxyProblem(proxy);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }
      return proxies;
    }),
  /** The NOTIFY channel Bullpen servers on one PostgreSQL share their events on (subscriptions). */
  BULLPEN_EVENTS_CHANNEL: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'a lower-case PostgreSQL identifier')
    .default('bullpen_events'),
  /**
   * How long a stopping server answers /readyz with 503 before it closes (docs/deploy.md): a load balancer's
   * health-check interval, so it stops sending requests first. 0 closes at once.
   */
  BULLPEN_DRAIN_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /** How often each server settles the games whose count deadline passed (decisions/0031). */
  BULLPEN_SETTLE_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** `bullpen doctor` fails the disk check under this many MiB free for the embedded database (doctor/checks.ts). */
  BULLPEN_DOCTOR_MIN_FREE_MB: z.coerce.number().int().positive().default(DISK_FAIL_MIB),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.output<typeof schema>;

/** The most proxies BULLPEN_TRUST_PROXY may count in front of Bullpen (a CDN, a load balancer, Caddy: three). */
const MAX_PROXY_HOPS = 5;

/** The mail server address's schemes nodemailer reads a URL of: STARTTLS (port 587) or TLS (port 465). */
const SMTP_SCHEMES = ['smtp:', 'smtps:'];

/**
 * What an SMTP_URL gets wrong, or null. Never says the URL itself: it carries the mail password. Another scheme
 * (`smpts://`) would make nodemailer take the text for a transport and fail with it, password and all, in the message.
 */
function smtpProblem(url: string): string | null {
  const example = 'smtps://user:app-password@smtp.example.org:465 (TLS) or smtp://…:587 (STARTTLS)';
  const scheme = /^([a-z][a-z0-9+.-]{0,15}:)\/\//i.exec(url)?.[1]?.toLowerCase();
  if (!scheme) return `is not a mail server's address: write it as ${example}`;
  if (!SMTP_SCHEMES.includes(scheme)) {
    return `starts with ${scheme}//, which is not a mail server's address: only smtp:// and smtps:// are, as in ${example}`;
  }
  return URL.canParse(url) ? null : `is not a mail server's address: write it as ${example}`;
}

/** What a BULLPEN_TRUST_PROXY entry gets wrong, or null: it names the proxy, an address or a range of them. */
function proxyProblem(proxy: string): string | null {
  const [address = '', bits, ...rest] = proxy.split('/');
  const family = isIP(address);
  const width = family === 4 ? 32 : 128;
  if (family === 0 || rest.length > 0 || (bits !== undefined && !/^\d{1,3}$/.test(bits)) || Number(bits) > width) {
    return `${proxy} is not an address or a range (127.0.0.1, 10.0.0.0/8, ::1): name the proxy in front of Bullpen`;
  }
  if (bits !== undefined && Number(bits) === 0) {
    return `${proxy} trusts every address: anyone could claim any address in X-Forwarded-For and pass the sign-in limits; name the proxy in front of Bullpen (127.0.0.1 when it runs on this machine)`;
  }
  return null;
}

/** Each invalid setting with what is wrong with it (for `bullpen doctor`); empty when the settings are valid. */
export function envProblems(source: NodeJS.ProcessEnv = process.env): { setting: string; message: string }[] {
  const parsed = schema.safeParse(source);
  return parsed.success ? [] : problemsOf(parsed.error);
}

function problemsOf(error: z.ZodError): { setting: string; message: string }[] {
  return error.issues.map((i) => ({ setting: i.path.join('.'), message: i.message }));
}

/**
 * The text without the passwords of DATABASE_URL and SMTP_URL, and without BULLPEN_SECRET: what start-up and
 * `bullpen doctor` print passes through here, whatever a driver put in its message.
 */
export function withoutSecrets(text: string, source: NodeJS.ProcessEnv = process.env): string {
  const secrets = new Set<string>();
  for (const url of [source.DATABASE_URL, source.SMTP_URL]) {
    const password = url ? /^[^:/?#]+:\/\/[^/?#@]*?:([^/?#@]+)@/.exec(url)?.[1] : undefined;
    if (!password) continue;
    secrets.add(password);
    try {
      secrets.add(decodeURIComponent(password));
    } catch {
      // Not percent-encoded as written: the raw text is the one to hide.
    }
  }
  if (source.BULLPEN_SECRET) secrets.add(source.BULLPEN_SECRET);
  let said = text;
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) said = said.replaceAll(secret, '•••');
  return said;
}

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = schema.safeParse(source);
  if (!parsed.success) {
    const lines = problemsOf(parsed.error).map((p) => `  ${p.setting}: ${p.message}`);
    throw new Error(
      `Invalid configuration:\n${lines.join('\n')}\nFix it in the settings (README.md, Configuration), then run \`bullpen doctor\`.`,
    );
  }
  return parsed.data;
}

/** One thing a production server refuses to start with: the setting, and what to set instead. */
export interface UnsafeSetting {
  setting: string;
  message: string;
}

/**
 * What `bullpen serve` refuses under NODE_ENV=production (docs/deploy.md, "What production refuses"), and
 * `bullpen doctor` reports: each a mistake that would put the league's accounts at risk once on the internet.
 */
export function unsafeInProduction(env: Env): UnsafeSetting[] {
  if (env.NODE_ENV !== 'production') return [];
  const unsafe: UnsafeSetting[] = [];
  const url = env.BULLPEN_PUBLIC_URL;
  if (!url || new URL(url).protocol !== 'https:') {
    unsafe.push({
      setting: 'BULLPEN_PUBLIC_URL',
      message:
        `${url ? `is ${url}, not an https:// address` : 'is not set'}: sign-in cookies and passwords must only ` +
        'travel over HTTPS, and the links in emails use this address. Set it to the https:// address people ' +
        'open, e.g. BULLPEN_PUBLIC_URL=https://pitches.example.org, served by the proxy in deploy/.',
    });
  } else if (env.BULLPEN_TRUST_PROXY === false) {
    unsafe.push({
      setting: 'BULLPEN_TRUST_PROXY',
      message:
        'is not set, and an https:// public address means a proxy in front: every request would seem to come ' +
        'from the proxy, so one person’s wrong passwords would block everyone’s sign-in and the session list ' +
        'would show the proxy’s address. Set it to the proxy’s address: BULLPEN_TRUST_PROXY=127.0.0.1 when ' +
        'the proxy runs on this machine.',
    });
  }
  if (env.DATABASE_URL && !env.BULLPEN_SECRET) {
    unsafe.push({
      setting: 'BULLPEN_SECRET',
      message:
        'is not set, and the servers on this PostgreSQL would keep the key that signs sessions in the database ' +
        'itself, where every backup and every copy of it carries it. Set the same BULLPEN_SECRET on every ' +
        'server, 32 characters or more: `openssl rand -base64 48` makes one.',
    });
  }
  if (env.BULLPEN_DEV_MAILBOX) {
    unsafe.push({
      setting: 'BULLPEN_DEV_MAILBOX',
      message:
        'is on: the development mailbox would let anyone read the emails (reset codes, temporary passwords). ' +
        'Unset BULLPEN_DEV_MAILBOX and set SMTP_URL.',
    });
  }
  if (env.BULLPEN_DEMO) {
    unsafe.push({
      setting: 'BULLPEN_DEMO',
      message:
        'is on: the demo accounts’ password is published in the README, so anyone could sign in as the ' +
        'SuperAdmin. Unset BULLPEN_DEMO and create your own with `bullpen create-superadmin`.',
    });
  }
  return unsafe;
}
