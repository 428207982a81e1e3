// Runs every fault script in bench/faults, one after the other (they share the machine's cores and
// some start servers on fixed resources), passing --quick through; prints a summary and exits 1 if
// any failed. `npm run faults` (full size) or `npm run faults -- --quick` (CI).
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { faultScripts } from './_list.ts';

const quick = process.argv.includes('--quick');
const scripts = faultScripts();

let current: ChildProcess | null = null;
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    // The script cleans up after itself on this signal (lib.ts); wait for it, then run no more.
    stopping = true;
    if (current) current.kill(signal);
    else process.exit(130);
  });
}

/** One script's run: its exit code (1 when a signal ended it), time and RESULT line. */
interface Run {
  file: string;
  code: number;
  signal: NodeJS.Signals | null;
  seconds: number;
  result: string;
}

function runScript(file: string): Promise<Run> {
  return new Promise((resolve) => {
    const t0 = Date.now();
    let result = '';
    let buffered = '';
    const child = spawn(
      process.execPath,
      [fileURLToPath(new URL(file, import.meta.url)), ...(quick ? ['--quick'] : [])],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    current = child;
    child.stdout.on('data', (chunk: Buffer) => {
      process.stdout.write(chunk);
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('RESULT: ')) result = line;
    });
    child.on('close', (code, signal) => {
      current = null;
      if (buffered.startsWith('RESULT: ')) result = buffered;
      resolve({ file, code: code ?? 1, signal, seconds: (Date.now() - t0) / 1000, result });
    });
  });
}

const runs: Run[] = [];
for (const file of scripts) {
  if (stopping) process.exit(130);
  console.log(`\n######## ${file}${quick ? ' --quick' : ''} ########`);
  runs.push(await runScript(file));
  if (stopping) process.exit(130);
}

console.log(`\n######## summary (${quick ? 'quick' : 'full size'}) ########`);
for (const r of runs) {
  const verdict = r.code === 0 ? 'PASS' : 'FAIL';
  console.log(
    `${verdict}  ${r.file.padEnd(20)} ${r.seconds.toFixed(1).padStart(7)} s  ${r.result || `(exit ${r.signal ?? r.code}, no RESULT line)`}`,
  );
}
const failed = runs.filter((r) => r.code !== 0);
console.log(failed.length ? `${failed.length} of ${runs.length} failed` : `all ${runs.length} passed`);
process.exit(failed.length ? 1 : 0);
