import type { Message } from '../../core/i18n/messages.ts';
import type { Clock } from '../clock.ts';

/** What the players service and the roster import both say and read. */

export const PLAYER_MESSAGES = {
  duplicate: (name: string, birthDate: string): Message => ({
    id: 'errors.player.duplicate',
    values: { name, birthDate },
  }),
  selfLink: { id: 'errors.player.selfLink' } as Message,
  otherOrganization: { id: 'errors.player.otherOrganization' } as Message,
  jerseyTaken: (jersey: string, holder: string, team: string): Message => ({
    id: 'errors.player.jerseyTaken',
    values: { jersey, holder, team },
  }),
  notOnTeam: { id: 'errors.player.notOnTeam' } as Message,
  alreadyOnTeam: { id: 'errors.player.alreadyOnTeam' } as Message,
  /** A parent's removal of a child on an open season's roster goes through the league (decision 0047). */
  askTheLeague: (name: string, teams: string): Message => ({
    id: 'errors.player.askTheLeague',
    values: { name, teams },
  }),
  removalAsked: (name: string, date: string): Message => ({
    id: 'errors.player.removalAsked',
    values: { name, date },
  }),
} as const;

/** Today as a calendar date; the organization's own time zone arrives with the rules engine. */
export function todayOf(clock: Clock): string {
  return clock.now().toISOString().slice(0, 10);
}
