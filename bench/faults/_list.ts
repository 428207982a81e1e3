// Which files in bench/faults are fault scripts: every .ts but the shared ones (lib, run, and those
// starting with _). One list for the runner and for `npm test`'s count of skipped scripts.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const FAULTS_DIR = fileURLToPath(new URL('.', import.meta.url));

export function faultScripts() {
  return readdirSync(FAULTS_DIR)
    .filter((f) => f.endsWith('.ts') && f !== 'lib.ts' && f !== 'run.ts' && !f.startsWith('_'))
    .sort();
}
