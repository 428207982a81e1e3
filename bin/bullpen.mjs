#!/usr/bin/env node
// The `bullpen` command: Node strips the TypeScript's types as it loads it (Node 22.18 or newer, decision 0035).
await import('../src/server/cli.ts');
