import { eq, inArray } from 'drizzle-orm';
import { sortIntervals } from '../../core/rest-rules.ts';
import type { StoredRule } from '../../core/rules/rule.ts';
import type { Db } from '../db/client.ts';
import { organizations, restProfiles, restRules } from '../db/schema.ts';

/** Rest rules as the services read them: the record, with its intervals, loaded by id. */

export interface RestProfileRecord {
  id: string;
  restRuleId: string;
  pitchCount: number;
  daysRest: number;
  minAge: number | null;
  maxAge: number | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What a rule holds beyond the spec's fields; see src/core/rules/rule.ts. */
export type RuleDetails = Omit<StoredRule, 'name' | 'ageGroup' | 'global' | 'organizationId' | 'pitchLimits'>;

export interface RestRuleRecord extends RuleDetails {
  id: string;
  name: string;
  ageGroup: string;
  global: boolean;
  organizationId: string | null;
  /** Bumped by every change: an update names the version it read. */
  version: number;
  organizationName: string | null;
  /** Which shipped rulebook this global rule came from (src/core/rules/presets.ts), if any. */
  presetId: string | null;
  /** The intervals (spec: RestRule has pitchLimits), sorted by daysRest ascending. */
  pitchLimits: RestProfileRecord[];
  createdAt: Date;
  updatedAt: Date;
}

export const ruleColumns = {
  id: restRules.id,
  name: restRules.name,
  ageGroup: restRules.ageGroup,
  global: restRules.global,
  organizationId: restRules.organizationId,
  version: restRules.version,
  organizationName: organizations.name,
  presetId: restRules.presetId,
  unit: restRules.unit,
  ageBasis: restRules.ageBasis,
  dailyLimits: restRules.dailyLimits,
  finishBatter: restRules.finishBatter,
  intentionalWalkPitches: restRules.intentionalWalkPitches,
  maxGamesPerDay: restRules.maxGamesPerDay,
  maxConsecutiveDays: restRules.maxConsecutiveDays,
  windows: restRules.windows,
  catcher: restRules.catcher,
  createdAt: restRules.createdAt,
  updatedAt: restRules.updatedAt,
};

/** Rules by id with their intervals (leagues show their rule; its visibility follows the league's). */
export async function loadRestRules(db: Db, ids: readonly string[]): Promise<Map<string, RestRuleRecord>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select(ruleColumns)
    .from(restRules)
    .leftJoin(organizations, eq(organizations.id, restRules.organizationId))
    .where(inArray(restRules.id, unique));
  const profiles = await db.select().from(restProfiles).where(inArray(restProfiles.restRuleId, unique));
  return new Map(
    rows.map((row) => [
      row.id,
      { ...row, pitchLimits: sortIntervals(profiles.filter((p) => p.restRuleId === row.id)) },
    ]),
  );
}
