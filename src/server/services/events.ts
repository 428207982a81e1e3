import { randomUUID } from 'node:crypto';
import { createPubSub } from 'graphql-yoga';
import type { EventBus } from '../db/event-bus.ts';
import type { LeagueRecord } from './leagues.repository.ts';
import type { OrganizationRecord } from './organizations.repository.ts';
import type { OutingRecord } from './outings.repository.ts';
import type { BookCount } from './pitch-events.repository.ts';
import type { RestProfileRecord, RestRuleRecord } from './rest-rules.repository.ts';
import type { UserRecord } from './users.repository.ts';

/**
 * What changed, published by services after their transaction commits; GraphQL subscriptions
 * listen here and deliver each event only to subscribers who may read the object.
 */
export type EventMap = {
  'organization.created': [OrganizationRecord];
  'organization.updated': [OrganizationRecord];
  'organization.deleted': [OrganizationRecord];
  'league.created': [LeagueRecord];
  'league.updated': [LeagueRecord];
  'league.deleted': [LeagueRecord];
  'restRule.created': [RestRuleRecord];
  'restRule.updated': [RestRuleRecord];
  'restRule.deleted': [RestRuleRecord];
  'restProfile.created': [RestProfileRecord & { organizationId: string | null }];
  'restProfile.deleted': [RestProfileRecord & { organizationId: string | null }];
  'user.created': [UserRecord];
  'user.updated': [UserRecord];
  'user.deleted': [UserRecord];
  'outing.created': [OutingRecord];
  'outing.updated': [OutingRecord];
  'gameCount.updated': [BookCount];
  /** A team confirmed a game's counts (subscribers read the count again, as themselves). */
  'officialCount.updated': [{ gameId: string }];
};

/**
 * The bus of this server. With an `EventBus` (several servers on one PostgreSQL), each
 * event is also sent to the other servers, and theirs are delivered here: subscribers of this
 * server hear its own events at once and the others' within a NOTIFY's round trip.
 */
export function createEvents(bus?: EventBus, log: { warn(obj: object, msg: string): void } = { warn: () => {} }) {
  if (!bus) return Object.assign(createPubSub<EventMap>(), { ready: Promise.resolve(), close: async () => {} });
  const origin = randomUUID();
  const local = new EventTarget();
  const ready = bus.listen((raw) => {
    const message = decodeEvent(raw);
    if (!message || message.origin === origin) return;
    local.dispatchEvent(new CustomEvent(message.topic, { detail: message.payload }));
  });
  const target = {
    addEventListener: local.addEventListener.bind(local),
    removeEventListener: local.removeEventListener.bind(local),
    dispatchEvent(event: Event) {
      local.dispatchEvent(event);
      const detail = (event as CustomEvent).detail;
      bus
        .send(encodeEvent(origin, event.type, detail))
        .catch((error) => log.warn({ err: error, topic: event.type }, 'an event could not reach the other servers'));
      return true;
    },
  };
  return Object.assign(createPubSub<EventMap>({ eventTarget: target as never }), { ready, close: () => bus.close() });
}

/** JSON that keeps Dates as Dates (records carry createdAt, confirmedAt...). */
export function encodeEvent(origin: string, topic: string, payload: unknown): string {
  return JSON.stringify({ origin, topic, payload }, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : value;
  });
}

export function decodeEvent(raw: string): { origin: string; topic: string; payload: unknown } | null {
  try {
    return JSON.parse(raw, (_key, value) =>
      value && typeof value === 'object' && typeof value.$date === 'string' && Object.keys(value).length === 1
        ? new Date(value.$date)
        : value,
    );
  } catch {
    return null;
  }
}

export type Events = ReturnType<typeof createEvents>;
