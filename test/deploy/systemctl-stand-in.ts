#!/usr/bin/env node
// `systemctl` and `journalctl` for the deployment guide's test (guide.api.test.ts), where no systemd runs: it
// starts the units of /etc/systemd/system as systemd would, from what the unit files say (User, Group,
// WorkingDirectory, EnvironmentFile, Environment, ExecStart, Type), so a wrong path, user or setting in
// deploy/*.service fails the test as it would fail the service. `daemon-reload` has `systemd-analyze verify`
// check the unit files. Only what docs/deploy.md uses is here; anything else is refused, never pretended.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';

const UNITS = '/etc/systemd/system';
const STATE = process.env.SYSTEMCTL_STAND_IN_STATE ?? '/run/systemctl-stand-in';
// What systemd gives a service when the unit sets none.
const SERVICE_PATH = '/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';
// Units of the machine's own that the guide restarts: nothing of Bullpen's depends on them here.
const MACHINE_UNITS = new Set(['systemd-journald']);

mkdirSync(STATE, { recursive: true });

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const unitName = (name: string) => (/\.(service|timer)$/.test(name) ? name : `${name}.service`);
const unitFile = (name: string) => join(UNITS, unitName(name));

/** The unit file's keys, `[Section] Key=value`, values of repeated keys in order. */
function readUnit(name: string): Map<string, string[]> {
  const file = unitFile(name);
  if (!existsSync(file)) fail(`Unit ${unitName(name)} not found.`);
  const keys = new Map<string, string[]>();
  let section = '';
  for (const raw of readFileSync(file, 'utf8').split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith(';')) continue;
    const header = line.match(/^\[(.+)\]$/);
    if (header) {
      section = header[1] as string;
      continue;
    }
    const eq = line.indexOf('=');
    const key = `${section}.${line.slice(0, eq)}`;
    keys.set(key, [...(keys.get(key) ?? []), line.slice(eq + 1)]);
  }
  return keys;
}

/** An EnvironmentFile: KEY=value lines, quotes removed; a leading "-" makes a missing file fine. */
function readEnvironmentFile(spec: string): Record<string, string> {
  const optional = spec.startsWith('-');
  const file = optional ? spec.slice(1) : spec;
  if (!existsSync(file)) {
    if (optional) return {};
    fail(`${file}: the unit's EnvironmentFile does not exist.`);
  }
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = line.match(/^\s*([A-Za-z_][A-Za-z0-9_]*)=(.*)$/);
    if (match) env[match[1] as string] = (match[2] as string).replace(/^(['"])(.*)\1$/, '$2');
  }
  return env;
}

interface Service {
  type: string;
  argv: string[];
  user: string | undefined;
  cwd: string;
  env: Record<string, string>;
  stopSeconds: number;
}

function readService(name: string): Service {
  const unit = readUnit(name);
  const one = (key: string) => unit.get(`Service.${key}`)?.at(-1);
  const exec = one('ExecStart') ?? fail(`${unitName(name)} has no ExecStart.`);
  // "+" runs as root, "-" ignores the exit code: the guide's units use neither, so both are refused here.
  if (/^[-+!@:]/.test(exec)) fail(`${unitName(name)}: ExecStart prefixes are not supported by the stand-in.`);
  const env: Record<string, string> = { PATH: SERVICE_PATH, LANG: 'C.UTF-8' };
  for (const spec of unit.get('Service.EnvironmentFile') ?? []) Object.assign(env, readEnvironmentFile(spec));
  for (const assignment of unit.get('Service.Environment') ?? []) {
    const [key, ...value] = assignment.split('=');
    env[key as string] = value.join('=');
  }
  const user = one('User');
  if (user) Object.assign(env, { USER: user, LOGNAME: user, HOME: homeOf(user) });
  return {
    type: one('Type') ?? 'simple',
    argv: exec.split(/\s+/),
    user,
    cwd: one('WorkingDirectory') ?? '/',
    env,
    stopSeconds: Number((one('TimeoutStopSec') ?? '90').replace(/s$/, '')),
  };
}

function homeOf(user: string): string {
  const entry = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.startsWith(`${user}:`));
  return entry?.split(':')[5] ?? fail(`User=${user}: no such user.`);
}

/** The command as the unit's user: setpriv changes user and groups and nothing else, as systemd's User= does. */
function asUser(service: Service): string[] {
  if (!service.user) return service.argv;
  return ['setpriv', `--reuid=${service.user}`, `--regid=${service.user}`, '--init-groups', '--', ...service.argv];
}

const pidFile = (name: string) => join(STATE, `${unitName(name)}.pid`);
const logFile = (name: string) => join(STATE, `${unitName(name)}.log`);

function runningPid(name: string): number | null {
  if (!existsSync(pidFile(name))) return null;
  const pid = Number(readFileSync(pidFile(name), 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

function start(name: string): void {
  if (MACHINE_UNITS.has(name)) return;
  if (unitName(name).endsWith('.timer')) {
    const unit = readUnit(name);
    if (!unit.get('Timer.OnCalendar')) fail(`${unitName(name)} has no OnCalendar.`);
    writeFileSync(join(STATE, unitName(name)), 'active');
    return;
  }
  const service = readService(name);
  if (!existsSync(service.cwd)) fail(`${unitName(name)}: WorkingDirectory ${service.cwd} does not exist.`);
  const [command, ...args] = asUser(service);
  if (service.type === 'oneshot') {
    const result = spawnSync(command as string, args, { cwd: service.cwd, env: service.env, stdio: 'inherit' });
    if (result.status !== 0) fail(`Job for ${unitName(name)} failed (exit ${result.status}).`);
    return;
  }
  if (runningPid(name)) return;
  const log = openSync(logFile(name), 'a');
  const child = spawn(command as string, args, {
    cwd: service.cwd,
    env: service.env,
    stdio: ['ignore', log, log],
    detached: true,
  });
  closeSync(log);
  writeFileSync(pidFile(name), String(child.pid));
  child.unref();
}

async function stop(name: string): Promise<void> {
  if (MACHINE_UNITS.has(name)) return;
  const pid = runningPid(name);
  if (!pid) return;
  const { stopSeconds } = readService(name);
  process.kill(pid, 'SIGTERM');
  for (let waited = 0; waited < stopSeconds * 10; waited++) {
    if (!runningPid(name)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  process.kill(pid, 'SIGKILL');
  fail(`${unitName(name)} did not stop within TimeoutStopSec=${stopSeconds}; killed.`);
}

function verify(): void {
  const files = readdirSync(UNITS)
    .filter((f) => f.startsWith('bullpen'))
    .map((f) => join(UNITS, f));
  if (files.length === 0) return;
  const result = spawnSync('systemd-analyze', ['verify', ...files], { encoding: 'utf8' });
  if (result.error) fail(`systemd-analyze: ${result.error.message} (Debian: apt-get install systemd).`);
  // Without a running systemd it still reads and checks each file: unknown keys, bad values, missing commands.
  const problems = `${result.stdout}${result.stderr}`
    .split('\n')
    .filter((line) => files.some((f) => line.includes(basename(f))));
  if (problems.length) fail(`systemd-analyze verify:\n${problems.join('\n')}`);
}

async function systemctl(argv: string[]): Promise<void> {
  const flags = argv.filter((a) => a.startsWith('-'));
  const [verb, ...units] = argv.filter((a) => !a.startsWith('-'));
  switch (verb) {
    case 'daemon-reload':
      return verify();
    case 'enable':
      for (const unit of units) {
        const install = readUnit(unit).get('Install.WantedBy');
        if (!install) fail(`${unitName(unit)} has no [Install] WantedBy: it would not start at boot.`);
        writeFileSync(join(STATE, `${unitName(unit)}.enabled`), install.join(' '));
        if (flags.includes('--now')) start(unit);
      }
      return;
    case 'start':
      for (const unit of units) start(unit);
      return;
    case 'stop':
      for (const unit of units) await stop(unit);
      return;
    case 'restart':
      for (const unit of units) {
        await stop(unit);
        start(unit);
      }
      return;
    case 'is-active': {
      const active = units.every((unit) => runningPid(unit) !== null);
      if (!flags.includes('--quiet')) console.log(active ? 'active' : 'inactive');
      process.exit(active ? 0 : 3);
      return;
    }
    default:
      fail(`systemctl ${verb}: not something docs/deploy.md uses, so the stand-in does not do it.`);
  }
}

function journalctl(argv: string[]): void {
  const unit = argv[argv.indexOf('-u') + 1] ?? fail('journalctl: only -u UNIT is supported by the stand-in.');
  const lines = Number(argv[argv.indexOf('-n') + 1] ?? 10);
  const text = existsSync(logFile(unit)) ? readFileSync(logFile(unit), 'utf8').trimEnd().split('\n') : [];
  console.log(text.slice(-lines).join('\n'));
}

const [tool, ...argv] = process.argv.slice(2);
if (tool === 'journalctl') journalctl(argv);
else await systemctl(argv);
