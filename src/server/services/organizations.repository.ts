import type { UserSummary } from './admins.ts';

/** An organization as the services answer with it and events carry it. */

export interface OrganizationRecord {
  id: string;
  name: string;
  /** IANA time zone: its games' dates and "today" are calendar days there. */
  timeZone: string;
  /** User ids, as the spec's Organization.admins. */
  admins: string[];
  adminUsers: UserSummary[];
  createdAt: Date;
  updatedAt: Date;
}
