import { LITTLE_LEAGUE_BASEBALL_AGE } from '../league-age.ts';
import { NO_CATCHER_RULES, type RestRule, type RuleInterval } from './rule.ts';

/**
 * The rulebooks Bullpen ships, as data a league copies and edits (numbers and sources in
 * docs/domain.md, Pitch-count rules, in short). [V] = read in the governing body's
 * own text, [S] = read on a league or third-party page that reprints it.
 */

export const PRESET_IDS = [
  'little-league-baseball',
  'little-league-softball',
  'pitch-smart',
  'pony',
  'babe-ruth-tournament',
  'uil-texas-varsity',
  'cif-california-varsity',
] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export function isPresetId(value: unknown): value is PresetId {
  return typeof value === 'string' && (PRESET_IDS as readonly string[]).includes(value);
}

// A rule that covers every age (high-school varsity and softball rules are not set by age).
const ALL_AGES = { minAge: 0, maxAge: 99 } as const;

/** Tiers as the rulebooks print them: the lowest count of each tier, in order, from 0 days of rest up. */
function tiers(lowestCounts: readonly number[], ages: { minAge?: number; maxAge?: number } = {}): RuleInterval[] {
  return lowestCounts.map((pitchCount, daysRest) => ({ pitchCount, daysRest, ...ages }));
}

/**
 * Little League Baseball, Regulation VI, regular season. Daily max [S: cherryhillamerican.org,
 * nbsl.org]; rest tiers [S: East Williston LL, cherryhillamerican.org]; intentional walk = 4
 * pitches [V: theseason.gc.com, 2017 change]; finishing the batter, one game a day and the three
 * catcher rules [S]; league age on August 31 [V: LL league pages since 2018].
 */
const littleLeagueBaseball: RestRule = {
  name: 'Little League Baseball',
  ageGroup: 'League age 7-18',
  unit: 'pitches',
  ageBasis: LITTLE_LEAGUE_BASEBALL_AGE,
  intervals: [
    ...tiers([1, 21, 36, 51, 66], { maxAge: 14 }),
    // The facts give 15-16 tiers and a 17-18 daily max but no 17-18 tiers: the 15-16 tiers carry on up.
    ...tiers([1, 31, 46, 61, 76], { minAge: 15 }),
  ],
  dailyLimits: [
    { minAge: 7, maxAge: 8, max: 50 },
    { minAge: 9, maxAge: 10, max: 75 },
    { minAge: 11, maxAge: 12, max: 85 },
    { minAge: 13, maxAge: 16, max: 95 },
    { minAge: 17, maxAge: 18, max: 105 },
  ],
  finishBatter: true,
  intentionalWalkPitches: 4,
  maxGamesPerDay: 1,
  maxConsecutiveDays: null,
  windows: [],
  catcher: { noCatchingAfterPitches: 41, noPitchingAfterCaughtInnings: 4, noCatchingAgainAfterPitches: 21 },
};

/**
 * Little League Softball counts innings: at most 12 a day, 7 or more owe 1 calendar day, one
 * pitch in an inning counts as an inning [S: southboisell.com]. League age on December 31 of the
 * previous year [S]. The facts give no games-per-day or catcher rule for softball.
 */
const littleLeagueSoftball: RestRule = {
  name: 'Little League Softball',
  ageGroup: 'All league ages',
  unit: 'innings',
  ageBasis: { kind: 'cutoff', month: 12, day: 31, yearOffset: -1 },
  intervals: tiers([1, 7]),
  dailyLimits: [{ ...ALL_AGES, max: 12 }],
  finishBatter: false,
  intentionalWalkPitches: 0,
  maxGamesPerDay: null,
  maxConsecutiveDays: null,
  windows: [],
  catcher: NO_CATCHER_RULES,
};

/**
 * USA Baseball / MLB Pitch Smart [V: usabaseball.com 2018 update for 17-22; S: league pages for
 * 7-16]: daily max and rest by age, no pitching on three consecutive days, innings in any 12
 * months (60 for 8 and under, 80 for 9-12, 100 for 13-18). The facts do not say which age Pitch
 * Smart reads, only that PONY uses the actual age; so league age on August 31, as Little League,
 * which a league changes in ageBasis. One game a day, since the facts name PONY's second game as
 * PONY's own exception.
 */
const pitchSmart: RestRule = {
  name: 'USA Baseball Pitch Smart',
  ageGroup: 'Ages 7-22',
  unit: 'pitches',
  ageBasis: LITTLE_LEAGUE_BASEBALL_AGE,
  intervals: [
    ...tiers([1, 21, 36], { minAge: 7, maxAge: 8 }),
    ...tiers([1, 21, 36, 51, 66], { minAge: 9, maxAge: 14 }),
    ...tiers([1, 31, 46, 61, 76], { minAge: 15, maxAge: 16 }),
    ...tiers([1, 31, 46, 61, 81], { minAge: 17, maxAge: 18 }),
    ...tiers([1, 31, 46, 61, 81, 106], { minAge: 19, maxAge: 22 }),
  ],
  dailyLimits: [
    { minAge: 7, maxAge: 8, max: 50 },
    { minAge: 9, maxAge: 10, max: 75 },
    { minAge: 11, maxAge: 12, max: 85 },
    { minAge: 13, maxAge: 16, max: 95 },
    { minAge: 17, maxAge: 18, max: 105 },
    { minAge: 19, maxAge: 22, max: 120 },
  ],
  finishBatter: false,
  intentionalWalkPitches: 0,
  maxGamesPerDay: 1,
  maxConsecutiveDays: 2,
  windows: [
    { unit: 'innings', period: 'rolling12Months', max: 60, maxAge: 8 },
    { unit: 'innings', period: 'rolling12Months', max: 80, minAge: 9, maxAge: 12 },
    { unit: 'innings', period: 'rolling12Months', max: 100, minAge: 13, maxAge: 18 },
  ],
  catcher: NO_CATCHER_RULES,
};

/** PONY: Pitch Smart by actual age, with a second game in a day while pitches remain [docs/domain.md, Pitch Smart]. */
const pony: RestRule = {
  ...pitchSmart,
  name: 'PONY (Pitch Smart by actual age)',
  ageGroup: 'Ages 7-22 (actual age)',
  ageBasis: { kind: 'actual' },
  maxGamesPerDay: null,
};

/**
 * Babe Ruth / Cal Ripken tournament rule (2017 rule, 2018 text) [S: docslib.org; V:
 * baberuthleague.org]. The daily max counts across a doubleheader, so more than one game a day.
 * The facts name no age basis: league age on August 31, the default.
 */
const babeRuthTournament: RestRule = {
  name: 'Babe Ruth / Cal Ripken tournament',
  ageGroup: 'Ages 7-18',
  unit: 'pitches',
  ageBasis: LITTLE_LEAGUE_BASEBALL_AGE,
  intervals: [
    ...tiers([1, 21, 36], { minAge: 7, maxAge: 8 }),
    ...tiers([1, 41, 66], { minAge: 9, maxAge: 12 }),
    ...tiers([1, 46, 76], { minAge: 13, maxAge: 18 }),
  ],
  dailyLimits: [
    { minAge: 7, maxAge: 8, max: 50 },
    { minAge: 9, maxAge: 10, max: 75 },
    { minAge: 11, maxAge: 12, max: 85 },
    { minAge: 13, maxAge: 15, max: 95 },
    { minAge: 16, maxAge: 18, max: 105 },
  ],
  finishBatter: false,
  intentionalWalkPitches: 0,
  maxGamesPerDay: null,
  maxConsecutiveDays: null,
  windows: [],
  catcher: NO_CATCHER_RULES,
};

/** Texas UIL, grades 9-12 (NFHS rule 6-1-6): 110 a day, 0-30 owe nothing, 86-110 owe 4 days [V: uiltexas.org]. */
const uilTexasVarsity: RestRule = {
  name: 'Texas UIL varsity',
  ageGroup: 'Grades 9-12',
  unit: 'pitches',
  ageBasis: { kind: 'actual' },
  intervals: tiers([0, 31, 46, 66, 86]),
  dailyLimits: [{ ...ALL_AGES, max: 110 }],
  finishBatter: false,
  intentionalWalkPitches: 0,
  maxGamesPerDay: null,
  maxConsecutiveDays: null,
  windows: [],
  catcher: NO_CATCHER_RULES,
};

/** California CIF varsity: 110 a day; also 30 outs and 3 appearances per week from Monday [S]. */
const cifCaliforniaVarsity: RestRule = {
  name: 'California CIF varsity',
  ageGroup: 'Varsity',
  unit: 'pitches',
  ageBasis: { kind: 'actual' },
  intervals: tiers([1, 31, 51, 76]),
  dailyLimits: [{ ...ALL_AGES, max: 110 }],
  finishBatter: false,
  intentionalWalkPitches: 0,
  maxGamesPerDay: null,
  maxConsecutiveDays: null,
  windows: [
    { unit: 'outs', period: 'week', weekStartsOn: 1, max: 30 },
    { unit: 'appearances', period: 'week', weekStartsOn: 1, max: 3 },
  ],
  catcher: NO_CATCHER_RULES,
};

const PRESETS: Record<PresetId, { rule: RestRule; source: string }> = {
  'little-league-baseball': {
    rule: littleLeagueBaseball,
    source:
      'Little League Regulation VI (regular season) [S: cherryhillamerican.org, nbsl.org, East Williston LL; V: theseason.gc.com]',
  },
  'little-league-softball': { rule: littleLeagueSoftball, source: 'Little League Softball [S: southboisell.com]' },
  'pitch-smart': {
    rule: pitchSmart,
    source: 'USA Baseball / MLB Pitch Smart [V: usabaseball.com 2018 update; S: league pages for 7-16]',
  },
  pony: {
    rule: pony,
    source: 'PONY: Pitch Smart by actual age, a second game a day while pitches remain [S: reported with Pitch Smart]',
  },
  'babe-ruth-tournament': {
    rule: babeRuthTournament,
    source: 'Babe Ruth / Cal Ripken tournament rule, 2017 [S: docslib.org; V: baberuthleague.org]',
  },
  'uil-texas-varsity': { rule: uilTexasVarsity, source: 'Texas UIL, NFHS rule 6-1-6 [V: uiltexas.org]' },
  'cif-california-varsity': { rule: cifCaliforniaVarsity, source: 'California CIF varsity, NFHS rule 6-1-6 [S]' },
};

/** A preset's rule: a fresh copy, so a caller that edits it changes nothing shared. */
export function presetRule(id: PresetId): RestRule {
  return structuredClone(PRESETS[id].rule);
}

export interface PresetSummary {
  id: PresetId;
  name: string;
  ageGroup: string;
  source: string;
}

/** The presets for docs and the Rest Rules screen, in PRESET_IDS order. */
export const PRESET_LIST: readonly PresetSummary[] = PRESET_IDS.map((id) => ({
  id,
  name: PRESETS[id].rule.name,
  ageGroup: PRESETS[id].rule.ageGroup,
  source: PRESETS[id].source,
}));
