import { builder } from './builder.ts';
import './me.graphql.ts';
import './sessions.graphql.ts';

/** The whole GraphQL schema; each *.graphql.ts file adds its fields to the builder. */
export const schema = builder.toSchema({ sortSchema: true });
