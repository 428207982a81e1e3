import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { SEASON_STATES } from '../db/schema.ts';

/** A season's states and the guard every write to its teams, rosters and games goes through. */

export type SeasonState = (typeof SEASON_STATES)[number];

export const SEASON_MESSAGES = {
  nameTaken: { id: 'errors.season.nameTaken' } as Message,
  oneActive: (name: string): Message => ({ id: 'errors.season.oneActive', values: { name } }),
  archived: (name: string): Message => ({ id: 'errors.season.archived', values: { name } }),
  rollOnlyActive: { id: 'errors.season.rollOnlyActive' } as Message,
  rollStartsLater: (name: string): Message => ({ id: 'errors.season.rollStartsLater', values: { name } }),
  hasTeams: (name: string, n: number): Message => ({ id: 'errors.season.hasTeams', values: { name, count: n } }),
  stateUnknown: { id: 'errors.season.stateUnknown', values: { states: SEASON_STATES.join(', ') } } as Message,
  startArchived: { id: 'errors.season.startArchived' } as Message,
} as const;

/** Throws when the season is archived: its teams and rosters are history. */
export function assertWritable(season: { name: string; state: string }) {
  if (season.state === 'archived') throw errors.conflict(SEASON_MESSAGES.archived(season.name));
}
