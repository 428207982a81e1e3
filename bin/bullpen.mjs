#!/usr/bin/env node
// The `bullpen` command: Node strips the TypeScript's types as it loads it (Node 22.18 or newer, decision 0035).
import module from 'node:module';

// Node keeps each file's stripped and compiled code in its compile cache (NODE_COMPILE_CACHE, or node-compile-cache
// in the system's temporary folder), so later runs load it as it is: `eligibility` in a third of the time and
// memory (docs/performance.md). NODE_DISABLE_COMPILE_CACHE=1 turns it off.
module.enableCompileCache?.();
await import('../src/server/cli.ts');
// `serve` is listening by now and runs until stopped: write the cache now, not only at an exit a kill would skip.
module.flushCompileCache?.();
