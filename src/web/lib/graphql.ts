import { print } from '@0no-co/graphql.web';
import { initGraphQLTada, type ResultOf, type TadaDocumentNode, type VariablesOf } from 'gql.tada';
import type { introspection } from '../graphql-env.d.ts';

/**
 * The web's GraphQL documents, typed from the server's schema (src/web/graphql-env.d.ts, written by
 * `npm run schema:print`). `graphql(\`query … { … }\`)` checks each field against the schema and gives the
 * document its result and variables types, so a field the server no longer has fails `npm run typecheck`
 * (decision 0040). Fragments are not masked: a query that spreads one reads its fields directly.
 */
export const graphql = initGraphQLTada<{
  introspection: introspection;
  scalars: { DateTime: string; MessageValues: Record<string, string | number> };
  disableMasking: true;
}>();

export type { FragmentOf, ResultOf, VariablesOf } from 'gql.tada';

// biome-ignore lint/suspicious/noExplicitAny: any document, whatever its result and variables.
export type Document = TadaDocumentNode<any, any>;

/** The variables argument: absent for a document that takes none, required when one is required. */
export type VariablesArgument<D extends Document> =
  Record<string, never> extends VariablesOf<D> ? [variables?: VariablesOf<D>] : [variables: VariablesOf<D>];

/**
 * gql.tada types a field the schema lacks as `unknown` instead of failing, so a document that selects a field the
 * server no longer has would still type-check wherever its result is not read field by field. This finds such a
 * field anywhere in a result.
 */
type HasUnknownField<T> = unknown extends T
  ? true
  : T extends readonly (infer Item)[]
    ? HasUnknownField<Item>
    : T extends object
      ? true extends { [K in keyof T]-?: HasUnknownField<T[K]> }[keyof T]
        ? true
        : false
      : false;

/**
 * The document, if the schema has every field it selects; otherwise a type no document matches, whose one
 * property says why. `execute`, `subscribe` and the tests' mocks take `D & Checked<D>`.
 */
export type Checked<D extends Document> =
  true extends HasUnknownField<ResultOf<D>> ? { 'selects a field that docs/schema.graphql does not have': never } : D;

const texts = new WeakMap<Document, string>();

/** The document as the text sent to the server (printed once per document). */
export function documentText(document: Document): string {
  let text = texts.get(document);
  if (text === undefined) {
    text = print(document);
    texts.set(document, text);
  }
  return text;
}
