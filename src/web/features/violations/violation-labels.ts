import { VIOLATION_CODES, type ViolationCode } from '../../../core/rules/engine.ts';
import type { Translate } from '../../lib/i18n.ts';

/**
 * The rule each violation code says was broken, as View Violations names it (the one list of these labels):
 * `status.violations.code.<CODE>` in the catalogues; an unknown code (a newer server) shows as itself.
 */
export function violationLabel(t: Translate, code: string): string {
  return (VIOLATION_CODES as readonly string[]).includes(code)
    ? t(`status.violations.code.${code as ViolationCode}`)
    : code;
}

/** The 'Rule broken' filter's choices, in the engine's order. */
export const codeOptions = (t: Translate) =>
  VIOLATION_CODES.map((code) => ({ value: code, label: t(`status.violations.code.${code}`) }));

export const VIOLATION_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type ViolationState = (typeof VIOLATION_STATES)[number];

/** 'Open', 'Acknowledged', 'Resolved'. */
export const stateLabel = (t: Translate, state: ViolationState) => t(`status.violations.state.${state}`);

export const stateOptions = (t: Translate) =>
  VIOLATION_STATES.map((state) => ({ value: state, label: stateLabel(t, state) }));
