import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { NotEligible } from '../../core/rules/engine.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { teams } from '../db/schema.ts';
import { createSigner } from '../signed-token.ts';
import type { OfficialCountService } from './official-count.service.ts';
import { readableTeams, requireUuid } from './scope.ts';
import type { ConfirmationRecord, OfficialSignatureRecord } from './signatures.repository.ts';
import type { StatusReport, StatusService } from './status.service.ts';

/**
 * The plate meeting's eligibility card: before a game, each coach shows who may pitch
 * today and how many pitches each has left, and who may not and until when, as of now. It prints
 * with a QR code whose link opens the same card, signed by the server, for the other coach or the
 * umpire to check it is genuine and current: signed-in people of that league only (nothing about
 * children is public).
 */

export interface PlateCardPitcher {
  playerId: string;
  name: string;
  jerseyNumber: string | null;
  /** Null when the league has no rest rule. */
  mayPitch: boolean | null;
  /** Pitches left today (the daily max less what they threw today); null when they may not pitch. */
  pitchesLeft: number | null;
  /** The first day they may pitch again, when not today. */
  notUntil: string | null;
  /** Why not today, as the rules engine says it (in English). */
  reason: string | null;
  /** The same by id, for the reader's language. */
  reasonSaid: Message | null;
  /** Every rule that holds them out until `notUntil`, each with its date (Pitcher Status's reasons). */
  reasons: NotEligible[];
}

export interface PlateCard {
  teamId: string;
  teamName: string;
  leagueName: string;
  seasonName: string;
  ruleName: string | null;
  /** Today, in the organization's time zone: the card is as of now. */
  asOf: string;
  /** When the card (its link) was made: a printed card says how old it is; the link shows now. */
  issuedAt: Date;
  pitchers: PlateCardPitcher[];
  /** '/plate/<token>': the signed link; `url` is it in full where the server knows its address. */
  path: string;
  url: string;
  /** The link as a QR code (SVG), to print with the card. */
  qrSvg: string;
  /** The team's signed games of the last week: who signed their counts, and whether a change voided it. */
  recentGames: PlateCardGame[];
}

export interface PlateCardGame {
  gameId: string;
  /** The teams as the reader's language writes a game ('Cubs @ Tigers'). */
  homeTeamName: string | null;
  awayTeamName: string | null;
  opponentName: string | null;
  date: string;
  official: OfficialSignatureRecord | null;
  confirmations: ConfirmationRecord[];
}

export const PLATE_CARD_MESSAGES = {
  notGenuine: { id: 'errors.plateCard.notGenuine' } as Message,
  expired: { id: 'errors.plateCard.expired' } as Message,
  badOrigin: { id: 'errors.plateCard.badOrigin', values: { max: 2048 } } as Message,
} as const;

/** The longest page origin taken: a scheme, a host of at most 253 characters and a port fit well under it. */
const ORIGIN_MAX = 2048;

/** A card's link is valid this long: a season, so a printed card can still be checked at its game. */
const LINK_DAYS = 200;

export function createPlateCardService(deps: {
  db: Db;
  clock: Clock;
  status: StatusService;
  officialCount: OfficialCountService;
  secret: string;
  /**
   * Where the card's link points: the server's public address, else its own (http://localhost:PORT). Never the
   * page's origin a caller sends, which would print a card that sends whoever scans it elsewhere.
   */
  origin: string;
}) {
  const { db, clock } = deps;
  const signer = createSigner(deps.secret, 'bullpen plate card');

  const sign = (teamId: string, issuedAt: Date) => signer.sign(`${teamId}:${issuedAt.getTime()}`);

  /** The team and time a token names; refuses any token Bullpen did not sign. */
  function open(token: string): { teamId: string; issuedAt: Date } {
    const [teamId = '', at = ''] = (signer.open(token) ?? '').split(':');
    if (!/^\d{1,15}$/.test(at)) throw errors.badInput(PLATE_CARD_MESSAGES.notGenuine);
    const issuedAt = new Date(Number(at));
    if (clock.now().getTime() - issuedAt.getTime() > LINK_DAYS * 86_400_000) {
      throw errors.badInput(PLATE_CARD_MESSAGES.expired);
    }
    return { teamId, issuedAt };
  }

  /**
   * The card's link's origin: the server's own. The page's origin a client still sends is checked (an http(s)
   * origin of sane length, else BAD_USER_INPUT) and otherwise not used.
   */
  function originOf(given: string | null | undefined): string {
    if (given != null) {
      let url: URL | null = null;
      try {
        url = given.length <= ORIGIN_MAX ? new URL(given) : null;
      } catch {
        url = null;
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
        throw errors.badInput(PLATE_CARD_MESSAGES.badOrigin);
      }
    }
    return new URL(deps.origin).origin;
  }

  async function cardOf(report: StatusReport, issuedAt: Date, origin: string): Promise<PlateCard> {
    const path = `/plate/${sign(report.teamId, issuedAt)}`;
    const url = `${origin}${path}`;
    const recent = await deps.officialCount.recentOfTeam(report.teamId, report.asOf);
    return {
      recentGames: recent.map((r) => ({
        gameId: r.game.id,
        homeTeamName: r.game.homeTeamName,
        awayTeamName: r.game.awayTeamName,
        opponentName: r.game.opponentName,
        date: r.game.date,
        official: r.official,
        confirmations: r.confirmations,
      })),
      teamId: report.teamId,
      teamName: report.teamName,
      leagueName: report.leagueName,
      seasonName: report.seasonName,
      ruleName: report.ruleName,
      asOf: report.asOf,
      issuedAt,
      path,
      url,
      qrSvg: await QRCode.toString(url || path, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }),
      pitchers: report.pitchers.map((p) => {
        const today = p.today;
        const may = today ? today.canPitchOnAsOf : null;
        return {
          playerId: p.playerId,
          name: `${p.firstName} ${p.lastName}`,
          jerseyNumber: p.jerseyNumber,
          mayPitch: may,
          pitchesLeft: today && may ? today.remainingToday : null,
          notUntil: today && !may ? today.nextEligibleDate : null,
          reason: today && !may ? (today.reason?.message ?? null) : null,
          reasonSaid: today && !may ? (today.reason?.said ?? null) : null,
          reasons: today && !may ? today.reasons : [],
        };
      }),
    };
  }

  return {
    /** A coach's card of their team (or an admin's of a team of their league), as of now. */
    async issue(actor: Actor | null, input: { teamId: string; origin?: string | null }): Promise<PlateCard> {
      const me = authorizeSome(actor, 'Query.plateCard');
      const [team] = await db
        .select({ id: teams.id, organizationId: teams.organizationId, leagueId: teams.leagueId })
        .from(teams)
        .where(and(eq(teams.id, requireUuid(input.teamId, 'Team')), readableTeams(me)));
      if (!team) throw errors.notFound('Team');
      authorize(me, 'Query.plateCard', {
        organizationId: team.organizationId,
        leagueId: team.leagueId,
        teamIds: [team.id],
      });
      const report = await deps.status.reportOfTeam(team.id);
      if (!report) throw errors.notFound('Team');
      return cardOf(report, clock.now(), originOf(input.origin));
    },

    /**
     * The card a link names, as of now, for a signed-in person of the team's league: its admins,
     * its organization's, and the coaches of its teams that season (the other dugout). Anyone else
     * finds nothing; a link Bullpen did not sign is refused.
     */
    async open(actor: Actor | null, input: { link: string; origin?: string | null }): Promise<PlateCard> {
      const me = authorizeSome(actor, 'Query.plateCardByLink');
      // The link as scanned ('https://…/plate/<signed>'), its path, or the signed part alone.
      const { teamId, issuedAt } = open(input.link.trim().split('/').pop() ?? '');
      const [team] = await db
        .select({
          id: teams.id,
          organizationId: teams.organizationId,
          leagueId: teams.leagueId,
          seasonId: teams.seasonId,
        })
        .from(teams)
        .where(eq(teams.id, requireUuid(teamId, 'Team')));
      if (!team) throw errors.notFound('Team');
      const leagueTeams = await db
        .select({ id: teams.id })
        .from(teams)
        .where(and(eq(teams.leagueId, team.leagueId), eq(teams.seasonId, team.seasonId)));
      const target = {
        organizationId: team.organizationId,
        leagueId: team.leagueId,
        teamIds: leagueTeams.map((t) => t.id),
      };
      // Someone outside the league learns nothing, not even that the team exists.
      try {
        authorize(me, 'Query.plateCardByLink', target);
      } catch {
        throw errors.notFound('Team');
      }
      const report = await deps.status.reportOfTeam(team.id);
      if (!report) throw errors.notFound('Team');
      return cardOf(report, issuedAt, originOf(input.origin));
    },
  };
}

export type PlateCardService = ReturnType<typeof createPlateCardService>;
