#!/usr/bin/env node
// The compiled server (part of `npm run build`): src/server/cli.ts and everything of ours it loads, as plain
// JavaScript in dist/server/, what `npm run start:prod` runs (docs/decisions/0041). The packages in
// node_modules stay outside it: they are loaded from there as in development, native and WebAssembly parts
// included. Each command's lazy imports stay lazy: they become chunks beside bullpen.js.
import { rmSync } from 'node:fs';
import { build } from 'esbuild';

const outdir = 'dist/server';
rmSync(outdir, { recursive: true, force: true });
const result = await build({
  entryPoints: { bullpen: 'src/server/cli.ts' },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node22.18',
  packages: 'external',
  // Stack traces in the log name src/ files and lines (start:prod runs Node with --enable-source-maps).
  sourcemap: true,
  // Chunks beside bullpen.js, not in a subfolder: src/server/paths.ts finds the install folder two levels up.
  chunkNames: '[name]-[hash]',
  logLevel: 'warning',
  metafile: true,
});
const files = Object.entries(result.metafile.outputs).filter(([name]) => name.endsWith('.js'));
const bytes = files.reduce((sum, [, output]) => sum + output.bytes, 0);
console.log(`Compiled the server: ${files.length} files, ${(bytes / 1024).toFixed(0)} KB in ${outdir}/`);
