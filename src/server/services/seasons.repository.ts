import { errors } from '../../core/errors.ts';
import { SEASON_STATES } from '../db/schema.ts';

/** A season's states and the guard every write to its teams, rosters and games goes through. */

export type SeasonState = (typeof SEASON_STATES)[number];

export const SEASON_MESSAGES = {
  nameTaken: 'This organization already has a season with that name',
  oneActive: (name: string) => `${name} is already the active season. Archive or roll it first.`,
  archived: (name: string) => `${name} is archived: its teams and rosters are read-only.`,
  rollOnlyActive: 'Only the active season can be rolled',
  rollStartsLater: (name: string) => `The next season must start after ${name} started`,
  hasTeams: (name: string, n: number) => `${name} still has ${n} team(s). Delete its teams first.`,
  stateUnknown: `State must be one of ${SEASON_STATES.join(', ')}`,
} as const;

/** Throws when the season is archived: its teams and rosters are history. */
export function assertWritable(season: { name: string; state: string }) {
  if (season.state === 'archived') throw errors.conflict(SEASON_MESSAGES.archived(season.name));
}
