import type { Clock } from '../clock.ts';

/** What the players service and the roster import both say and read. */

export const PLAYER_MESSAGES = {
  duplicate: (name: string, birthDate: string) =>
    `${name}, born ${birthDate}, is already a player of this organization`,
  /** The same child, in a league the caller does not run: nothing more is said of them. */
  duplicateElsewhere:
    'A player with this name and birth date is already in another league of this organization; ask an organization admin to add them to your team',
  selfLink: 'You cannot link yourself as a parent. Ask another admin of the league to link you.',
  otherOrganization: 'The player and the team belong to different organizations',
  jerseyTaken: (jersey: string, holder: string, team: string) =>
    `Jersey ${jersey} is already worn by ${holder} on ${team}`,
  notOnTeam: 'The player is not on that team',
  alreadyOnTeam: 'The player is already on that team',
} as const;

/** Today as a calendar date; the organization's own time zone arrives with the rules engine. */
export function todayOf(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}
