// Prints the GraphQL schema to docs/schema.graphql, its types for the web's documents to
// src/web/graphql-env.d.ts and the policy table to docs/policy-table.md (a test fails when any is stale),
// then lets Biome align the table so `npm run lint` stays clean.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { POLICY_DOC, printedPolicyDoc, printedSchema, SCHEMA_FILE } from '../src/server/graphql/print.ts';
import { printedWebSchemaTypes, WEB_SCHEMA_TYPES_FILE } from '../src/server/graphql/web-schema-types.ts';

writeFileSync(SCHEMA_FILE, printedSchema());
writeFileSync(WEB_SCHEMA_TYPES_FILE, printedWebSchemaTypes());
writeFileSync(POLICY_DOC, printedPolicyDoc());
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(POLICY_DOC)], { stdio: 'ignore' });
console.log('wrote docs/schema.graphql, src/web/graphql-env.d.ts and docs/policy-table.md');
