import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  GraphQLError,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
  getNamedType,
  getOperationAST,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import type { Plugin } from 'graphql-yoga';
import { DEFAULT_LIMIT, MAX_LIMIT } from '../services/paging.ts';

/**
 * What a request may cost (docs/api.md "Limits", docs/decisions/0027-list-cost-by-limit.md): a field
 * costs 1 and an object 1 plus its fields. A list counts as many items as it may hold: a paged list
 * its `limit` (100 when absent), any other list its LIST_SIZES entry or 10; lists inside lists
 * multiply. An item of the rows a field reads (a page, a list at the root) costs ITEM_COST plus its
 * fields: reading and checking a row costs the server about as much as twenty of its fields (1000
 * outings with one field: 190 ms; with twenty: 358 ms). Items of a list inside an item come with it
 * and cost 1 plus their fields.
 */
export const MAX_COST = 100_000;
export const ITEM_COST = 20;
const DEFAULT_LIST_SIZE = 10;

/** Lists without `limit` whose size the league's data keeps well away from 10. */
const LIST_SIZES: Record<string, number> = {
  'PitchOuting.corrections': 2,
  'Player.guardians': 3,
  'Player.teams': 3,
  'League.adminUsers': 3,
  'Organization.adminUsers': 3,
  'Team.coachUsers': 3,
  'OfficialCount.confirmations': 2,
  'OfficialCount.teams': 2,
  'PitchLog.confirmations': 2,
  'RestRule.windows': 3,
  'Query.gameRoster': 2,
  'GameRosterTeam.players': 20,
  'PitcherStatusReport.pitchers': 20,
  'PitcherStatus.days': 7,
  'PitcherStatus.liveGames': 2,
};

interface Walk {
  schema: GraphQLSchema;
  fragments: (name: string) => FragmentDefinitionNode | undefined;
  /** The request's variables; undefined counts a `limit` given by a variable as the largest. */
  variables: Record<string, unknown> | undefined;
  operation: OperationDefinitionNode;
  visiting: Set<string>;
}

/** How many items a page may hold, by the field's `limit` argument. */
function limitOf(field: FieldNode, walk: Walk): number {
  const argument = field.arguments?.find((arg) => arg.name.value === 'limit');
  let value: unknown = DEFAULT_LIMIT;
  if (argument?.value.kind === Kind.INT) value = Number(argument.value.value);
  else if (argument?.value.kind === Kind.VARIABLE) {
    const name = argument.value.name.value;
    if (walk.variables === undefined) return MAX_LIMIT;
    const declared = walk.operation.variableDefinitions?.find((v) => v.variable.name.value === name)?.defaultValue;
    value = walk.variables[name] ?? (declared?.kind === Kind.INT ? Number(declared.value) : undefined) ?? DEFAULT_LIMIT;
  }
  // A limit out of range is refused by the resolver; here it only must not count as less than it asks.
  return Number.isInteger(value) ? Math.min(Math.max(value as number, 1), MAX_LIMIT) : DEFAULT_LIMIT;
}

function selectionCost(
  walk: Walk,
  type: GraphQLNamedType | null | undefined,
  selectionSet: SelectionSetNode | undefined,
  pageSize: number | null,
): number {
  if (!selectionSet) return 0;
  const fields = type && (isObjectType(type) || isInterfaceType(type)) ? type.getFields() : {};
  let cost = 0;
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      // __typename and introspection (off in production) are not the league's data.
      const field = selection.name.value.startsWith('__') ? undefined : fields[selection.name.value];
      if (field && type) cost += fieldCost(walk, type, field, selection, pageSize);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      const inner = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      cost += selectionCost(walk, inner, selection.selectionSet, pageSize);
    } else {
      const name = selection.name.value;
      const fragment = walk.fragments(name);
      // A fragment inside itself is refused by validation; here it only must not loop.
      if (!fragment || walk.visiting.has(name)) continue;
      walk.visiting.add(name);
      cost += selectionCost(
        walk,
        walk.schema.getType(fragment.typeCondition.name.value),
        fragment.selectionSet,
        pageSize,
      );
      walk.visiting.delete(name);
    }
  }
  return cost;
}

function fieldCost(
  walk: Walk,
  parent: GraphQLNamedType,
  field: GraphQLField<unknown, unknown>,
  node: FieldNode,
  pageSize: number | null,
): number {
  const named = getNamedType(field.type);
  if (isLeafType(named)) return 1;
  const paged = field.args.some((arg) => arg.name === 'limit');
  const limit = paged ? limitOf(node, walk) : null;
  // A connection's `items` hold as many as its field's `limit` allows.
  const inner = selectionCost(walk, named, node.selectionSet, limit);
  const type = isNonNullType(field.type) ? field.type.ofType : field.type;
  if (!isListType(type)) return 1 + inner;
  const ownItems = field.name === 'items' && pageSize !== null;
  const size = limit ?? (ownItems ? pageSize : (LIST_SIZES[`${parent.name}.${field.name}`] ?? DEFAULT_LIST_SIZE));
  const rows = paged || ownItems || parent === walk.schema.getQueryType() || parent === walk.schema.getMutationType();
  return size * ((rows ? ITEM_COST : 1) + inner);
}

/**
 * The cost of the operation a request runs. Without `variables` (a document checked once, before
 * any request's variables), a `limit` given by a variable counts as the largest.
 */
export function requestCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName?: string | null,
  variables?: Record<string, unknown> | null,
): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  }
  const walk: Walk = {
    schema,
    fragments: (name) => fragments.get(name),
    variables: variables === undefined ? undefined : (variables ?? {}),
    operation,
    visiting: new Set(),
  };
  return selectionCost(walk, schema.getRootType(operation.operation), operation.selectionSet, null);
}

export function tooCostly(cost: number): GraphQLError {
  return new GraphQLError(
    `The query asks for too much: it may cost ${cost}, more than ${MAX_COST}. Ask for fewer items (a smaller limit) or fewer fields, in more requests.`,
    { extensions: { code: 'BAD_USER_INPUT' } },
  );
}

/** Refuses an operation that may cost more than MAX_COST with its variables, on every transport yoga serves. */
export function costLimitPlugin(): Plugin {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const cost = requestCost(args.schema, args.document, args.operationName, args.variableValues ?? null);
      if (cost > MAX_COST) setResultAndStopExecution({ errors: [tooCostly(cost)] });
    },
    onSubscribe({ args, setResultAndStopExecution }) {
      const cost = requestCost(args.schema, args.document, args.operationName, args.variableValues ?? null);
      if (cost > MAX_COST) setResultAndStopExecution({ errors: [tooCostly(cost)] });
    },
  };
}
