// Prints the GraphQL schema to docs/schema.graphql and the policy table into docs/api.md (a test
// fails when either is stale), then lets Biome align the table so `npm run lint` stays clean.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_DOC, printedSchema, SCHEMA_FILE, withPolicyTable } from '../src/server/graphql/print.ts';

writeFileSync(SCHEMA_FILE, printedSchema());
writeFileSync(API_DOC, withPolicyTable(readFileSync(API_DOC, 'utf8')));
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(API_DOC)], { stdio: 'ignore' });
console.log('wrote docs/schema.graphql and the policy table of docs/api.md');
