import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DocumentNode, Kind, parse } from 'graphql';

// Every document the web app sends: the typed documents its .ts files export (and any string still holding an
// operation), for the tests that hold them to the server's schema, cost rule and limits.

const WEB = fileURLToPath(new URL('../../web', import.meta.url));
const OPERATION = /\b(query|mutation|subscription)\s+[A-Z]\w*\s*[({]/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'test' ? [] : sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && name !== 'test-setup.ts' ? [path] : [];
  });
}

function operationOf(text: string): DocumentNode | null {
  try {
    const document = parse(text);
    return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION) ? document : null;
  } catch {
    return null;
  }
}

/** An exported operation: a typed document (graphql() of src/web/lib/graphql.ts) or a string holding one. */
function exportedOperation(value: unknown): DocumentNode | null {
  if (typeof value === 'string') return operationOf(value);
  if (typeof value !== 'object' || value === null || (value as { kind?: unknown }).kind !== Kind.DOCUMENT) return null;
  const document = value as DocumentNode;
  return document.definitions.some((d) => d.kind === Kind.OPERATION_DEFINITION) ? document : null;
}

export interface WebDocuments {
  /** `file: export name` and the document. */
  found: { name: string; document: DocumentNode }[];
  /** Components (.tsx) holding an operation: it would be missed here, so it belongs in an api/ .ts file. */
  misplaced: string[];
  /** Files holding an operation they do not export. */
  unexported: string[];
}

export async function webDocuments(): Promise<WebDocuments> {
  const found: WebDocuments['found'] = [];
  const misplaced: string[] = [];
  const withOperations = new Set<string>();
  for (const path of sources(WEB)) {
    const file = relative(WEB, path);
    if (!OPERATION.test(readFileSync(path, 'utf8'))) continue;
    if (!path.endsWith('.ts')) misplaced.push(file);
    withOperations.add(file);
    const module = (await import(path)) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      const document = exportedOperation(value);
      if (document) found.push({ name: `${file}: ${name}`, document });
    }
  }
  const unexported = [...withOperations].filter((file) => !found.some((f) => f.name.startsWith(`${file}:`)));
  return { found, misplaced, unexported };
}
