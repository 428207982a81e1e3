// Prints the GraphQL schema to docs/schema.graphql (a test fails when that file is stale).
import { writeFileSync } from 'node:fs';
import { printedSchema } from '../src/server/graphql/print.ts';

writeFileSync(new URL('../docs/schema.graphql', import.meta.url), printedSchema());
console.log('wrote docs/schema.graphql');
