// Prints the GraphQL schema to docs/schema.graphql, its types for the web's documents to
// src/web/graphql-env.d.ts and the policy table into docs/api.md (a test fails when any is stale),
// then lets Biome align the table so `npm run lint` stays clean.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { API_DOC, printedSchema, SCHEMA_FILE, withPolicyTable } from '../src/server/graphql/print.ts';
import { printedWebSchemaTypes, WEB_SCHEMA_TYPES_FILE } from '../src/server/graphql/web-schema-types.ts';

writeFileSync(SCHEMA_FILE, printedSchema());
writeFileSync(WEB_SCHEMA_TYPES_FILE, printedWebSchemaTypes());
writeFileSync(API_DOC, withPolicyTable(readFileSync(API_DOC, 'utf8')));
execFileSync('npx', ['biome', 'format', '--write', fileURLToPath(API_DOC)], { stdio: 'ignore' });
console.log('wrote docs/schema.graphql, src/web/graphql-env.d.ts and the policy table of docs/api.md');
