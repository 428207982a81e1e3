#!/usr/bin/env node
// The `bullpen` command: runs the TypeScript CLI through tsx's loader.
import { register } from 'tsx/esm/api';

register();
await import('../src/server/cli.ts');
