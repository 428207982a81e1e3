import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, t=2, p=1; docs/reliability.md, security requirement 1). The parameters travel
 * inside each hash, so raising them later still verifies old hashes.
 */
export const ARGON2_OPTIONS = {
  algorithm: 2, // Algorithm.Argon2id (a const enum, not importable under isolatedModules)
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against this keeps a failed sign-in for an unknown or locked account as slow as a real one.
let dummyHash: Promise<string> | undefined;
export async function spendVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('bullpen-timing-equalizer');
  await verifyPassword(await dummyHash, password);
}
