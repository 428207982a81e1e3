import { VIOLATION_CODES, type ViolationCode } from '../../../core/rules/engine.ts';

/** The rule each violation code says was broken, as View Violations names it (the one list of these labels). */
export const VIOLATION_LABELS: Record<ViolationCode, string> = {
  PITCHED_BEFORE_ELIGIBLE: 'Pitched before eligible',
  DAILY_MAX_EXCEEDED: 'Daily max exceeded',
  TOO_MANY_GAMES_IN_DAY: 'Too many games in a day',
  CONSECUTIVE_DAYS_EXCEEDED: 'Too many days in a row',
  CAUGHT_AFTER_PITCHING_LIMIT: 'Caught after pitching limit',
  PITCHED_AFTER_CATCHING_LIMIT: 'Pitched after catching limit',
  CAUGHT_AGAIN_AFTER_PITCHING: 'Caught again after pitching',
  WINDOW_LIMIT_EXCEEDED: 'Weekly/season cap exceeded',
};

/** The label of a code; an unknown code (a newer server) shows as itself. */
export function violationLabel(code: string): string {
  return VIOLATION_LABELS[code as ViolationCode] ?? code;
}

/** The 'Rule broken' filter's choices, in the engine's order. */
export const CODE_OPTIONS = VIOLATION_CODES.map((code) => ({ value: code, label: VIOLATION_LABELS[code] }));

export const VIOLATION_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type ViolationState = (typeof VIOLATION_STATES)[number];

export const STATE_LABELS: Record<ViolationState, string> = {
  open: 'Open',
  acknowledged: 'Acknowledged',
  resolved: 'Resolved',
};

export const STATE_OPTIONS = VIOLATION_STATES.map((state) => ({ value: state, label: STATE_LABELS[state] }));
