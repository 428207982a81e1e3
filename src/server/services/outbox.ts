import { and, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { outboxEmails } from '../db/schema.ts';
import { logTaskFailure } from '../db/unavailable.ts';
import type { Mailer, MailKind } from '../mail/mailer.ts';

export interface QueuedEmail {
  to: string;
  subject: string;
  body: string;
  kind: Extract<
    MailKind,
    | 'outing'
    | 'violation'
    | 'player-removed'
    | 'removal-requested'
    | 'signed-game-changed'
    | 'answer-changed'
    | 'pitcher-override'
    | 'invitation'
    | 'record-digest'
  >;
  /** The child the email names: removing the child removes it (docs/decisions/0033-removing-a-child.md). */
  playerId?: string;
}

/** Writes emails in the caller's transaction: they leave only if it commits. */
export async function queueEmails(tx: Db, emails: readonly QueuedEmail[]): Promise<void> {
  if (emails.length === 0) return;
  await tx
    .insert(outboxEmails)
    .values(
      emails.map((e) => ({ toEmail: e.to, subject: e.subject, body: e.body, kind: e.kind, playerId: e.playerId })),
    );
}

// A batch taken by a server is its own for this long; if it dies sending, another takes it after.
const LEASE_SECONDS = 5 * 60;
const BATCH = 20;
const POLL_MS = 2_000;

/**
 * Sends what the outbox holds: every few seconds, and at once when asked (`flush`). Each batch is
 * taken with a lease (skip locked, so several servers never send one email twice at once); a
 * failed email is tried again later, waiting longer each time (at most an hour).
 */
export function createOutboxSender(deps: { db: Db; mailer: Mailer; log: { warn(obj: object, msg: string): void } }) {
  const { db, mailer } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<number> | null = null;

  async function sendDue(): Promise<number> {
    let sent = 0;
    for (;;) {
      // Every outbox time is the database's clock (rows are written with its now()), so servers agree.
      const claimed = await db
        .update(outboxEmails)
        .set({
          sendAfter: sql`now() + ${LEASE_SECONDS} * interval '1 second'`,
          attempts: sql`${outboxEmails.attempts} + 1`,
        })
        .where(
          inArray(
            outboxEmails.id,
            db
              .select({ id: outboxEmails.id })
              .from(outboxEmails)
              .where(and(isNull(outboxEmails.sentAt), lte(outboxEmails.sendAfter, sql`now()`)))
              .orderBy(outboxEmails.createdAt)
              .limit(BATCH)
              .for('update', { skipLocked: true }),
          ),
        )
        .returning();
      if (claimed.length === 0) return sent;
      for (const email of claimed) {
        try {
          await mailer.send({
            kind: email.kind as QueuedEmail['kind'],
            to: email.toEmail,
            subject: email.subject,
            text: email.body,
          });
          await db
            .update(outboxEmails)
            .set({ sentAt: sql`now()`, lastError: null })
            .where(eq(outboxEmails.id, email.id));
          sent++;
        } catch (error) {
          const waitSeconds = Math.min(60 * 60, 30 * 2 ** Math.min(email.attempts, 10));
          await db
            .update(outboxEmails)
            .set({
              lastError: String((error as Error).message ?? error),
              sendAfter: sql`now() + ${waitSeconds} * interval '1 second'`,
            })
            .where(eq(outboxEmails.id, email.id));
          // The outbox row's id, not the address: an address often spells a family's name (docs/decisions/0026).
          deps.log.warn(
            { err: error, outboxEmailId: email.id, kind: email.kind },
            'could not send an email; it will be tried again',
          );
        }
      }
    }
  }

  /** Sends every email due now; one run at a time (a second call waits for the first). */
  function flush(): Promise<number> {
    running ??= sendDue().finally(() => {
      running = null;
    });
    return running;
  }

  return {
    flush,
    start() {
      timer ??= setInterval(() => {
        flush().catch((error) => logTaskFailure(deps.log, error, 'the email outbox could not be read'));
      }, POLL_MS);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => {});
    },
  };
}

export type OutboxSender = ReturnType<typeof createOutboxSender>;
