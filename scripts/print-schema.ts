// Prints the GraphQL schema to docs/schema.graphql and the policy table to docs/policy-table.md (a test
// fails when either is stale), then lets Biome align the table so `npm run lint` stays clean.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { POLICY_DOC, printedPolicyDoc, printedSchema, SCHEMA_FILE } from '../src/server/graphql/print.ts';

writeFileSync(SCHEMA_FILE, printedSchema());
writeFileSync(POLICY_DOC, printedPolicyDoc());
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(POLICY_DOC)], { stdio: 'ignore' });
console.log('wrote docs/schema.graphql and docs/policy-table.md');
