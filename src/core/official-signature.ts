import { z } from 'zod';
import { emailSchema, INPUT_MESSAGES, NAME_MAX, ONE_LINE } from './admin-inputs.ts';
import { encoded } from './i18n/messages.ts';

/**
 * The third signature on a game's counts: the plate umpire or game official, one of the league's officials (kept by
 * name and email), who signs on their own phone through a one-time link the home coach has Bullpen email them
 * (docs/decisions/0050-officials-are-people-the-league-knows.md). The link is who they are: no name is typed, so
 * nobody signs under another's. A league may require it before a game counts as signed.
 */

/** How long a link is good for: from the plate meeting to well after a long game, and the drive home. */
export const OFFICIAL_LINK_HOURS = 12;

/** Messages of the `rules` catalogue in one string (`encoded`), shown with `t.said`. */
export const OFFICIAL_MESSAGES = {
  linkInvalid: encoded('rules.official.linkInvalid'),
  linkUsed: encoded('rules.official.linkUsed'),
  linkExpired: encoded('rules.official.linkExpired'),
  notYourLink: encoded('rules.official.notYourLink'),
  alreadySigned: encoded('rules.official.alreadySigned'),
  withdrawn: encoded('rules.official.withdrawn'),
  settleFirst: (count: number) => encoded('rules.official.settleFirst', { count }),
  notADifference: encoded('rules.official.notADifference'),
  tooManyTries: (minutes: number) => encoded('rules.official.tooManyTries', { minutes }),
  emailTaken: encoded('rules.official.emailTaken'),
} as const;

/**
 * Wrong links a device, or a game's links together, may be opened with before they wait: an official mistypes
 * nothing (they tap), so a handful is generous; a guesser of 2^192 secrets never gets near.
 */
export const OFFICIAL_LINK_TRIES = { wrong: 10, windowMinutes: 10 } as const;

/** The link's token: the link's id and its secret, '<uuid>.<43 base64url characters>'. */
const LINK_TOKEN = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.([A-Za-z0-9_-]{43})$/;

/** The parts of a link's token, or null for anything else (answered as an invalid link). */
export function officialLinkParts(token: string): { id: string; secret: string } | null {
  const match = LINK_TOKEN.exec(token.trim());
  return match ? { id: match[1] as string, secret: match[2] as string } : null;
}

/**
 * A link as the official opens it (the token alone: it names the game and the official). One that is not even shaped
 * as a token is refused before any lookup, and is no guess to count.
 */
export const officialLinkSchema = z.object({
  link: z
    .string(OFFICIAL_MESSAGES.linkInvalid)
    .max(200, OFFICIAL_MESSAGES.linkInvalid)
    .refine((link) => officialLinkParts(link) !== null, OFFICIAL_MESSAGES.linkInvalid)
    .transform((link) => link.trim()),
});

export const officialSignatureSchema = officialLinkSchema.extend({
  /**
   * For a disputed game: whose count stands for each pitcher whose two counts differ (the book of
   * the pitcher's own team, or the other dugout's). The official settles them before signing.
   */
  settle: z
    .array(z.object({ pitcherId: z.string(), bookTeamId: z.string() }))
    .max(60)
    .optional(),
});

/** An official as a league's admin enters them: who signs, and where their links go. */
export const officialSchema = z.object({
  name: z
    .string()
    .trim()
    .normalize('NFC')
    .min(1, INPUT_MESSAGES.nameRequired)
    .max(NAME_MAX, INPUT_MESSAGES.nameTooLong)
    .regex(ONE_LINE, INPUT_MESSAGES.nameOneLine),
  email: emailSchema,
});
export type OfficialInput = z.infer<typeof officialSchema>;
