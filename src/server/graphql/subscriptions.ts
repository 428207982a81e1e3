import type { ObjectRef } from '@pothos/core';
import { filter, pipe } from 'graphql-yoga';
import { type Actor, authorize, type Operation } from '../../core/permissions.ts';
import type { EventMap } from '../services/events.ts';
import { type BullpenTypes, builder } from './builder.ts';
import type { GraphQLContext } from './context.ts';

type Topic = keyof EventMap;
type Payload<K extends Topic> = EventMap[K][0];

/**
 * A subscription field over one kind of event (docs/screens.md, Calls: onCreate/onUpdate/onDelete). The
 * operation is authorized when subscribing; every event is then checked against the
 * subscriber as the database says at that moment, so a revoked session or a lost admin role
 * stops the stream or the event.
 */
export function eventSubscription<K extends Topic>(
  field: `on${string}`,
  type: ObjectRef<BullpenTypes, Payload<K>>,
  topic: K,
  description: string,
  canSee: (ctx: GraphQLContext, actor: Actor, payload: Payload<K>) => Promise<boolean>,
) {
  const operation = `Subscription.${field}` as Operation;
  builder.subscriptionField(field, (t) =>
    t.field({
      type,
      description,
      subscribe: async (_root, _args, ctx) => {
        authorize(await ctx.actor(), operation);
        const events = ctx.services.events.subscribe(topic as never) as AsyncIterable<Payload<K>>;
        return pipe(
          events,
          filter(async (payload: Payload<K>) => {
            const actor = authorize(await ctx.freshActor(), operation);
            return canSee(ctx, actor, payload);
          }),
        );
      },
      resolve: (payload) => payload as never,
    }),
  );
}
