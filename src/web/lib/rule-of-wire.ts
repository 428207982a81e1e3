import type { AgeBasis } from '../../core/league-age.ts';
import { type RestRule, ruleFromStored, type StoredRule } from '../../core/rules/rule.ts';
import { graphql, type ResultOf } from './graphql.ts';

/** The fields of a rule the engine reads, as a GraphQL fragment. */
export const RULE_FIELDS = graphql(`
  fragment RuleFields on RestRule {
    name ageGroup unit finishBatter intentionalWalkPitches maxGamesPerDay maxConsecutiveDays
    ageBasis { kind month day yearOffset }
    dailyLimits { minAge maxAge max }
    windows { unit period weekStartsOn days max minAge maxAge }
    catcher { noCatchingAfterPitches noPitchingAfterCaughtInnings noCatchingAgainAfterPitches }
    pitchLimits { pitchCount daysRest minAge maxAge }
  }
`);

/**
 * A rest rule as GraphQL answers it: every field, the missing optional ones as null. ruleOfWire hands it to the
 * core's ruleFromStored, so the type check holds it to StoredRule but for the nulls of ageBasis and windows.
 */
export type WireRule = ResultOf<typeof RULE_FIELDS>;

const withoutNulls = <T extends object>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined));

/** The engine's rule from GraphQL's answer: nulls of the optional parts become missing keys. */
export function ruleOfWire(wire: WireRule): RestRule {
  return ruleFromStored({
    ...wire,
    ageBasis: withoutNulls(wire.ageBasis) as unknown as AgeBasis,
    windows: wire.windows.map((w) => withoutNulls(w) as unknown as StoredRule['windows'][number]),
  });
}
