import { randomBytes, randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { errors } from '../../core/errors.ts';
import type { Message } from '../../core/i18n/messages.ts';
import { OFFICIAL_LINK_HOURS, OFFICIAL_MESSAGES, officialSchema } from '../../core/official-signature.ts';
import { paths } from '../../core/paths.ts';
import { type Actor, authorize, authorizeSome } from '../../core/permissions.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { leagues, officialLinks, officials, teams, users } from '../db/schema.ts';
import { translatorFor } from '../i18n.ts';
import type { Mailer } from '../mail/mailer.ts';
import { assertNotAfterToday, GAME_MESSAGES, type GameRecord, gameTarget, gameTitleOf } from './games.repository.ts';
import type { GamesService } from './games.service.ts';
import type { OfficialCountService } from './official-count.service.ts';
import { linkSecretHash } from './officials.repository.ts';
import { parse } from './parse.ts';
import { isUniqueViolation, requireUuid } from './scope.ts';

/**
 * A league's officials and the one-time links that let one of them sign one game
 * (docs/decisions/0050-officials-are-people-the-league-knows.md). The league's admins keep the list; the home
 * team's coach (or an admin) has Bullpen email the game's official a link; the link, opened on the official's own
 * phone, is who signs: its official's name goes into the history, the log and the card, never a typed one.
 */

export interface OfficialRecord {
  id: string;
  leagueId: string;
  name: string;
  /** Shown to the league's admins; a coach choosing the game's official sees the name only. */
  email: string | null;
}

export interface SentLink {
  officialId: string;
  officialName: string;
  sentAt: Date;
  expiresAt: Date;
}

const SEASON_ARCHIVED = (season: string): Message => ({ id: 'errors.game.seasonArchived', values: { season } });

export function createOfficialsService(deps: {
  db: Db;
  clock: Clock;
  games: GamesService;
  officialCount: OfficialCountService;
  mailer: Mailer;
  /** Where a link points: the public address, or the server's own outside production. */
  origin: string;
}) {
  const { db, clock } = deps;

  async function leagueOf(id: string) {
    const [league] = await db
      .select({ id: leagues.id, organizationId: leagues.organizationId, name: leagues.name })
      .from(leagues)
      .where(eq(leagues.id, requireUuid(id, 'League')));
    if (!league) throw errors.notFound('League');
    return league;
  }

  /** A league's admins may act on its list; anyone else hears of no such league. */
  async function administeredLeague(me: Actor, operation: 'Mutation.addOfficial', leagueId: string) {
    const league = await leagueOf(leagueId);
    try {
      authorize(me, operation, { leagueId: league.id, organizationId: league.organizationId });
    } catch {
      throw errors.notFound('League');
    }
    return league;
  }

  async function officialOf(me: Actor, id: string, operation: 'Mutation.updateOfficial' | 'Mutation.removeOfficial') {
    const [row] = await db
      .select()
      .from(officials)
      .where(and(eq(officials.id, requireUuid(id, 'Official')), isNull(officials.removedAt)));
    if (!row) throw errors.notFound('Official');
    try {
      authorize(me, operation, { leagueId: row.leagueId, organizationId: row.organizationId });
    } catch {
      throw errors.notFound('Official');
    }
    return row;
  }

  const emailTaken = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw errors.conflict(OFFICIAL_MESSAGES.emailTaken);
      throw error;
    }
  };

  const asRecord = (row: typeof officials.$inferSelect, withEmail: boolean): OfficialRecord => ({
    id: row.id,
    leagueId: row.leagueId,
    name: row.name,
    email: withEmail ? row.email : null,
  });

  return {
    /** A league's officials, by name: with their emails for its admins, names only for its coaches. */
    async list(actor: Actor | null, input: { leagueId: string }): Promise<OfficialRecord[]> {
      const me = authorizeSome(actor, 'Query.leagueOfficials');
      const league = await leagueOf(input.leagueId);
      let admin = true;
      try {
        authorize(me, 'Mutation.addOfficial', { leagueId: league.id, organizationId: league.organizationId });
      } catch {
        admin = false;
        // A coach reads the list of a league they coach in, to choose a game's official; nobody else reads it.
        const coached = me.coachTeamIds.length
          ? await db
              .select({ id: teams.id })
              .from(teams)
              .where(and(eq(teams.leagueId, league.id), inArray(teams.id, [...me.coachTeamIds])))
              .limit(1)
          : [];
        if (coached.length === 0) throw errors.notFound('League');
      }
      const rows = await db
        .select()
        .from(officials)
        .where(and(eq(officials.leagueId, league.id), isNull(officials.removedAt)))
        .orderBy(asc(sql`lower(${officials.name})`), asc(officials.id));
      return rows.map((row) => asRecord(row, admin));
    },

    async add(actor: Actor | null, input: { leagueId: string; name: string; email: string }): Promise<OfficialRecord> {
      const me = authorizeSome(actor, 'Mutation.addOfficial');
      const { name, email } = parse(officialSchema, { name: input.name, email: input.email });
      const league = await administeredLeague(me, 'Mutation.addOfficial', input.leagueId);
      const now = clock.now();
      const [row] = await emailTaken(() =>
        db
          .insert(officials)
          .values({
            organizationId: league.organizationId,
            leagueId: league.id,
            name,
            email,
            createdAt: now,
            updatedAt: now,
          })
          .returning(),
      );
      return asRecord(row as typeof officials.$inferSelect, true);
    },

    async update(actor: Actor | null, input: { id: string; name: string; email: string }): Promise<OfficialRecord> {
      const me = authorizeSome(actor, 'Mutation.updateOfficial');
      const { name, email } = parse(officialSchema, { name: input.name, email: input.email });
      const current = await officialOf(me, input.id, 'Mutation.updateOfficial');
      const [row] = await emailTaken(() =>
        db
          .update(officials)
          .set({ name, email, updatedAt: clock.now() })
          .where(eq(officials.id, current.id))
          .returning(),
      );
      return asRecord(row as typeof officials.$inferSelect, true);
    },

    /** Off the list: their unused links stop working; the games they signed still name them. */
    async remove(actor: Actor | null, input: { id: string }): Promise<boolean> {
      const me = authorizeSome(actor, 'Mutation.removeOfficial');
      const current = await officialOf(me, input.id, 'Mutation.removeOfficial');
      const now = clock.now();
      await db.transaction(async (tx) => {
        await tx.update(officials).set({ removedAt: now, updatedAt: now }).where(eq(officials.id, current.id));
        await tx
          .update(officialLinks)
          .set({ expiresAt: now })
          .where(and(eq(officialLinks.officialId, current.id), isNull(officialLinks.usedAt)));
      });
      return true;
    },

    /**
     * Emails one of the league's officials a link to sign this game, good for OFFICIAL_LINK_HOURS and once. The home
     * team's coach or a league admin sends it; a new link for the game leaves the earlier ones working until used
     * (two officials may each have one; the first to sign signs).
     */
    async sendLink(actor: Actor | null, input: { gameId: string; officialId: string }): Promise<SentLink> {
      const me = authorizeSome(actor, 'Mutation.sendOfficialLink');
      const now = clock.now();
      const sent = await db.transaction(async (tx) => {
        const game: GameRecord = await deps.games.loadReadable(me, requireUuid(input.gameId, 'Game'), tx);
        const home = game.homeTeamId ?? game.awayTeamId;
        authorize(me, 'Mutation.sendOfficialLink', { ...gameTarget(game), teamIds: home ? [home] : [] });
        if (game.withdrawnAt) throw errors.conflict(GAME_MESSAGES.withdrawn(game.withdrawnReason));
        if (game.seasonState === 'archived') throw errors.conflict(SEASON_ARCHIVED(game.seasonName));
        assertNotAfterToday(game, now);
        // Signed, and the signature still covers the counts: nothing to sign again.
        if (game.officialSignedAt && (await deps.officialCount.ofReadableGame(game, tx)).official?.current) {
          throw errors.conflict(OFFICIAL_MESSAGES.alreadySigned);
        }
        const [official] = await tx
          .select()
          .from(officials)
          .where(
            and(
              eq(officials.id, requireUuid(input.officialId, 'Official')),
              eq(officials.leagueId, game.leagueId),
              isNull(officials.removedAt),
            ),
          );
        // Another league's official, a removed one or none: an id that names nothing here (decision 0030).
        if (!official) throw errors.notFound('Official');
        const [sender] = await tx
          .select({ name: users.name, language: users.language })
          .from(users)
          .where(eq(users.id, me.userId));
        const id = randomUUID();
        const secret = randomBytes(32).toString('base64url');
        const expiresAt = new Date(now.getTime() + OFFICIAL_LINK_HOURS * 3_600_000);
        await tx.insert(officialLinks).values({
          id,
          gameId: game.id,
          officialId: official.id,
          secretHash: linkSecretHash(secret),
          sentBy: sender ? me.userId : null,
          sentAt: now,
          expiresAt,
        });
        return { game, official, token: `${id}.${secret}`, expiresAt, sender };
      });
      // Sent directly, never kept in the outbox: the email holds the link that signs.
      const t = translatorFor(sent.sender?.language ?? 'en');
      const values = {
        official: sent.official.name,
        game: gameTitleOf(sent.game),
        date: t.day(sent.game.date),
        league: sent.game.leagueName,
        sender: sent.sender?.name ?? '',
        url: `${deps.origin}${paths.official}/${sent.token}`,
        hours: OFFICIAL_LINK_HOURS,
      };
      await deps.mailer.send({
        kind: 'official-link',
        to: sent.official.email,
        subject: t('email.officialLink.subject', values),
        text: [
          t('email.officialLink.asked', values),
          '',
          values.url,
          '',
          t('email.officialLink.how', values),
          t('email.officialLink.notYou', values),
        ].join('\n'),
      });
      return { officialId: sent.official.id, officialName: sent.official.name, sentAt: now, expiresAt: sent.expiresAt };
    },
  };
}

export type OfficialsService = ReturnType<typeof createOfficialsService>;
