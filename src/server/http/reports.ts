import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errors } from '../../core/errors.ts';
import type { Actor } from '../../core/permissions.ts';
import { sessionTokenFrom } from '../auth/session-token.ts';
import type { Services } from '../services/index.ts';
import { sendError } from './errors.ts';
import { isCrossSite } from './origin.ts';

/**
 * The reports as downloads: a game's pitch log (PDF) and outings (CSV), signed in by the
 * session cookie or `Authorization: Bearer`, authorized by the reports service.
 */
export function registerReports(
  app: FastifyInstance,
  deps: { services: Services; secret: string; publicOrigin?: string },
) {
  async function actorOf(request: FastifyRequest): Promise<Actor> {
    if (isCrossSite(request.headers, deps.publicOrigin)) throw errors.forbidden({ id: 'errors.crossSite' });
    const token = sessionTokenFrom(request.headers, deps.secret);
    if (!token) throw errors.unauthenticated();
    const session = await deps.services.sessions.resolve(token);
    if (session.mustChangePassword) throw errors.passwordChangeRequired();
    return session.actor;
  }

  app.get<{ Params: { id: string } }>('/api/reports/games/:id/pitch-log.pdf', async (request, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    try {
      const pdf = await deps.services.reports.pitchLogPdf(await actorOf(request), { gameId: request.params.id });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="pitch-log-${request.params.id}.pdf"`)
        .send(pdf);
    } catch (error) {
      return sendError(reply, error, request.log);
    }
  });

  app.get<{ Querystring: { gameId?: string; playerId?: string; leagueId?: string } }>(
    '/api/reports/history.csv',
    async (request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      try {
        const csv = await deps.services.changeHistory.csv(await actorOf(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="change-history.csv"')
          .send(csv);
      } catch (error) {
        return sendError(reply, error, request.log);
      }
    },
  );

  app.get<{ Querystring: { leagueId?: string; seasonId?: string; teamId?: string } }>(
    '/api/reports/outings.csv',
    async (request, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      try {
        const csv = await deps.services.reports.outingsCsv(await actorOf(request), request.query);
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', 'attachment; filename="outings.csv"')
          .send(csv);
      } catch (error) {
        return sendError(reply, error, request.log);
      }
    },
  );
}
