import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The layer rules of docs/architecture.md hold by lint, not by discipline: the repository's own
 * biome.json is run on a small tree laid out like src/, each forbidden import in a file of its own,
 * and each allowed one beside them. Taking a rule out of biome.json makes its case fail here.
 */

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const biome = join(root, 'node_modules/@biomejs/biome/bin/biome');

const RESTRICTED = 'lint/style/noRestrictedImports';
const CYCLE = 'lint/suspicious/noImportCycles';

/** Each file of the tree, by path under it. */
const files: Record<string, string> = {
  // What the forbidden and allowed imports point at.
  'src/core/rule.ts': 'export const rule = 1;\n',
  'src/server/db/schema.ts': 'export const table = 1;\n',
  'src/server/services/games.service.ts': 'export const games = 1;\n',
  'src/server/graphql/games.graphql.ts':
    "import { games } from '../services/games.service.ts';\nexport const field = games;\n",
  'src/server/http/reports.ts': 'export const route = 1;\n',
  'src/web/lib/format.ts': 'export const format = 1;\n',
  'src/web/features/tracker/api/list-games.ts': 'export const listGames = 1;\n',
  'src/web/features/parent/api/my-children.ts': 'export const myChildren = 1;\n',

  // Forbidden: core imports nothing from the server or the web.
  'src/core/reads-server.ts': "import { games } from '../server/services/games.service.ts';\nexport const a = games;\n",
  'src/core/rules/reads-web.ts': "import { format } from '../../web/lib/format.ts';\nexport const a = format;\n",
  // Forbidden: the web imports nothing from the server, features included.
  'src/web/lib/reads-server.ts': "import { table } from '../../server/db/schema.ts';\nexport const a = table;\n",
  'src/web/features/tracker/components/reads-server.tsx':
    "import { games } from '../../../../server/services/games.service.ts';\nexport const a = games;\n",
  // Forbidden: a feature imports nothing from another feature, from any depth.
  'src/web/features/tracker/components/reads-parent.tsx':
    "import { myChildren } from '../../parent/api/my-children.ts';\nexport const a = myChildren;\n",
  'src/web/features/tracker/reads-parent.ts':
    "import { myChildren } from '../parent/api/my-children.ts';\nexport const a = myChildren;\n",
  'src/web/features/tracker/api/reads-parent-by-path.ts':
    "import { myChildren } from '../../../features/parent/api/my-children.ts';\nexport const a = myChildren;\n",
  'src/web/features/tracker/components/parts/reads-parent.tsx':
    "import { myChildren } from '../../../../features/parent/api/my-children.ts';\nexport const a = myChildren;\n",
  // Forbidden: services import nothing from the transports.
  'src/server/services/reads-graphql.ts':
    "import { field } from '../graphql/games.graphql.ts';\nexport const a = field;\n",
  'src/server/services/reads-http.ts': "import { route } from '../http/reports.ts';\nexport const a = route;\n",
  // Forbidden: a cycle, at run time or through types only.
  'src/server/services/cycle-one.ts': "import { two } from './cycle-two.ts';\nexport const one = () => two;\n",
  'src/server/services/cycle-two.ts': "import { one } from './cycle-one.ts';\nexport const two = () => one;\n",
  'src/web/lib/type-cycle-one.ts':
    "import type { Two } from './type-cycle-two.ts';\nexport interface One {\n  two?: Two;\n}\n",
  'src/web/lib/type-cycle-two.ts':
    "import type { One } from './type-cycle-one.ts';\nexport interface Two {\n  one?: One;\n}\n",

  // Allowed: what each layer may import.
  'src/core/allowed.ts': "import { rule } from './rule.ts';\nexport const a = rule;\n",
  'src/web/features/tracker/components/allowed.tsx': [
    "import { renderToString } from 'react-dom/server';",
    "import { rule } from '../../../../core/rule.ts';",
    "import { format } from '../../../lib/format.ts';",
    "import { listGames } from '../api/list-games.ts';",
    'export const a = [renderToString, rule, format, listGames];',
    '',
  ].join('\n'),
  'src/web/features/tracker/allowed.ts':
    "import { format } from '../../lib/format.ts';\nimport { listGames } from './api/list-games.ts';\nexport const a = [format, listGames];\n",
  'src/server/services/allowed.ts': [
    "import { createPubSub } from 'graphql-yoga';",
    "import { rule } from '../../core/rule.ts';",
    "import { table } from '../db/schema.ts';",
    "import { games } from './games.service.ts';",
    'export const a = [createPubSub, rule, table, games];',
    '',
  ].join('\n'),
  // A service's API test drives the real transports.
  'src/server/services/games.api.test.ts':
    "import { field } from '../graphql/games.graphql.ts';\nexport const a = field;\n",
};

let diagnostics: { path: string; category: string }[] = [];
let tree = '';

beforeAll(() => {
  tree = mkdtempSync(join(tmpdir(), 'bullpen-lint-'));
  const config = JSON.parse(readFileSync(join(root, 'biome.json'), 'utf8'));
  delete config.$schema;
  writeFileSync(join(tree, 'biome.json'), JSON.stringify(config));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(tree, path)), { recursive: true });
    writeFileSync(join(tree, path), text);
  }
  let out: string;
  try {
    out = execFileSync(process.execPath, [biome, 'lint', '--reporter=json', '--max-diagnostics=none', 'src'], {
      cwd: tree,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    });
  } catch (error) {
    // Biome exits 1 when it finds errors, as it must here; its report is still on stdout.
    out = (error as { stdout: string }).stdout;
  }
  const report = JSON.parse(out) as { diagnostics: { category: string; location: { path: string } }[] };
  diagnostics = report.diagnostics
    .filter((d) => d.category === RESTRICTED || d.category === CYCLE)
    .map((d) => ({ path: d.location.path, category: d.category }));
});

afterAll(() => {
  if (tree) rmSync(tree, { recursive: true, force: true });
});

const found = (path: string) => diagnostics.filter((d) => d.path === path).map((d) => d.category);

describe('the layer rules in biome.json', () => {
  it.each([
    ['src/core/reads-server.ts', 'core imports nothing from the server'],
    ['src/core/rules/reads-web.ts', 'core imports nothing from the web'],
    ['src/web/lib/reads-server.ts', 'the web imports nothing from the server'],
    ['src/web/features/tracker/components/reads-server.tsx', 'a feature imports nothing from the server'],
    ['src/web/features/tracker/components/reads-parent.tsx', 'a feature imports nothing from another feature'],
    ['src/web/features/tracker/reads-parent.ts', 'nor from its own top folder'],
    ['src/web/features/tracker/api/reads-parent-by-path.ts', 'nor by a path through features/'],
    ['src/web/features/tracker/components/parts/reads-parent.tsx', 'nor from a folder deeper down'],
    ['src/server/services/reads-graphql.ts', 'services import nothing from GraphQL'],
    ['src/server/services/reads-http.ts', 'services import nothing from the REST routes'],
  ])('refuses %s: %s', (path) => {
    expect(found(path)).toEqual([RESTRICTED]);
  });

  it.each([
    ['src/server/services/cycle-one.ts', 'src/server/services/cycle-two.ts'],
    ['src/web/lib/type-cycle-one.ts', 'src/web/lib/type-cycle-two.ts'],
  ])('refuses an import cycle: %s and %s', (one, two) => {
    expect(found(one)).toEqual([CYCLE]);
    expect(found(two)).toEqual([CYCLE]);
  });

  it('allows what each layer may import, and a service’s API test its transports', () => {
    const allowed = [
      'src/core/allowed.ts',
      'src/web/features/tracker/components/allowed.tsx',
      'src/web/features/tracker/allowed.ts',
      'src/server/services/allowed.ts',
      'src/server/graphql/games.graphql.ts',
      'src/server/services/games.api.test.ts',
    ];
    expect(allowed.flatMap((path) => found(path).map((category) => `${path}: ${category}`))).toEqual([]);
  });
});
