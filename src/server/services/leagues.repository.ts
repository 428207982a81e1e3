import type { CountDeadlineRule } from '../../core/official-count.ts';
import type { UserSummary } from './admins.ts';
import type { RestRuleRecord } from './rest-rules.repository.ts';

/** A league as the services answer with it and events carry it. */

export interface LeagueRecord {
  id: string;
  name: string;
  organizationId: string;
  restRuleId: string | null;
  /** Its rule with the intervals; a global rule or one of its organization's. */
  restRule: RestRuleRecord | null;
  admins: string[];
  adminUsers: UserSummary[];
  /** Official-count settings: whose count stands after the deadline, and when that is. */
  countStandsAfterDeadline: CountDeadlineRule;
  countDeadlineDays: number;
  countDeadlineTime: string;
  /** Bumped by every change, its admins list too: an update names the version it read. */
  version: number;
  /** A game is signed only once its official signed too. */
  requireOfficialSignature: boolean;
  createdAt: Date;
  updatedAt: Date;
}
