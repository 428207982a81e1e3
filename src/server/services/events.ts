import { createPubSub } from 'graphql-yoga';
import type { LeagueRecord } from './leagues.service.ts';
import type { OrganizationRecord } from './organizations.service.ts';
import type { OutingRecord } from './outings.service.ts';
import type { BookCount } from './pitch-events.service.ts';
import type { RestProfileRecord, RestRuleRecord } from './rest-rules.service.ts';
import type { UserRecord } from './users.service.ts';

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

export function createEvents() {
  return createPubSub<EventMap>();
}

export type Events = ReturnType<typeof createEvents>;
