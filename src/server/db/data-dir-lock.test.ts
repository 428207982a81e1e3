import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir, lockHolder } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('refuses a folder another live process holds, and takes over one a dead process left', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bullpen-lock-'));
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    writeFileSync(join(dir, 'bullpen.lock'), String(other.pid));
    expect(() => lockDataDir(dir)).toThrow(/in use by process/);
    expect(lockHolder(dir)).toBe(other.pid);
    other.kill();
    await new Promise((resolve) => other.once('exit', resolve));
    expect(lockHolder(dir)).toBeNull();
    const release = lockDataDir(dir);
    // This process's own lock is no other holder's.
    expect(lockHolder(dir)).toBeNull();
    release();
  });
});
