import SchemaBuilder from '@pothos/core';
import type { MessageValues } from '../../core/i18n/messages.ts';
import type { GraphQLContext } from './context.ts';

interface Options {
  Context: GraphQLContext;
  Scalars: {
    DateTime: { Input: Date; Output: Date };
    MessageValues: { Input: MessageValues; Output: MessageValues };
  };
  DefaultFieldNullability: false;
}
export type BullpenTypes = PothosSchemaTypes.ExtendDefaultTypes<Options>;

export const builder = new SchemaBuilder<Options>({ defaultFieldNullability: false });

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC',
  serialize: (value) => value.toISOString(),
  parseValue: (value) => {
    const date = new Date(String(value));
    if (Number.isNaN(date.getTime())) throw new TypeError('DateTime must be an ISO 8601 string');
    return date;
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});
