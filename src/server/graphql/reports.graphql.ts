import {
  officialSignatureLine,
  type PitchLog,
  type PitchLogLine,
  recordHashSaid,
  recordHashText,
} from '../services/reports.service.ts';
import { builder } from './builder.ts';
import { Game } from './games.graphql.ts';
import { MessageType } from './message.graphql.ts';
import { CountConfirmation, CountStatusEnum, OfficialSignatureType } from './official-count.graphql.ts';
import { PitcherAnswerType } from './status.graphql.ts';

const PitchLogLineType = builder.objectRef<PitchLogLine>('PitchLogLine').implement({
  description: 'One line of the paper pitch log: a player of either team who pitched or caught',
  fields: (t) => ({
    teamName: t.exposeString('teamName'),
    playerName: t.exposeString('playerName'),
    jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    pitches: t.exposeInt('pitches', { description: 'Pitches thrown, without intentional-walk credit' }),
    intentionalWalks: t.exposeInt('intentionalWalks'),
    pitchesBeforeLastBatter: t.exposeInt('pitchesBeforeLastBatter', {
      nullable: true,
      description: 'The count when the last batter came up',
    }),
    pitchedInnings: t.exposeIntList('pitchedInnings'),
    caughtInnings: t.exposeIntList('caughtInnings'),
    recordedByName: t.exposeString('recordedByName', { description: 'Who counted (recorded the outing)' }),
    correctionCount: t.int({
      description: 'How many times the outing was corrected after it was recorded',
      resolve: (line) => line.corrections,
    }),
    answer: t.field({
      type: PitcherAnswerType,
      nullable: true,
      description: 'Pitcher Status’s answer for the pitcher on the game’s date; null when the league has no rest rule',
      resolve: (line) => line.answer,
    }),
  }),
});

const PitchLogType = builder.objectRef<PitchLog>('PitchLog').implement({
  description: 'A game’s pitch log, the digital twin of the paper log (the PDF prints the same)',
  fields: (t) => ({
    game: t.field({ type: Game, resolve: (log) => log.game }),
    lines: t.field({
      type: [PitchLogLineType],
      description: 'By team, then the player’s last name',
      resolve: (log) => log.lines,
    }),
    countStatus: t.field({ type: CountStatusEnum, resolve: (log) => log.countStatus }),
    confirmations: t.field({
      type: [CountConfirmation],
      description: 'Each team’s confirmation of the final counts (the managers’ signatures)',
      resolve: (log) => log.confirmations,
    }),
    official: t.field({
      type: OfficialSignatureType,
      nullable: true,
      description: 'The official’s signature, once given: who, over which counts, and whether a later change voided it',
      resolve: (log) => log.official,
    }),
    officialLine: t.string({
      nullable: true,
      description: 'The official’s signature as the PDF prints it (English)',
      resolve: (log) => (log.official ? officialSignatureLine(log.official) : null),
    }),
    headDigest: t.exposeString('headDigest', {
      nullable: true,
      description:
        'The game’s history’s head when read, “<chain>:<seq>:<hash>”: kept on paper, `bullpen audit verify --head` finds the history rewritten up to it',
    }),
    recordHash: t.string({
      nullable: true,
      description: 'The game’s current hash: its history’s newest entry (null before anything was recorded)',
      resolve: (log) => log.recordHash?.hash ?? null,
    }),
    recordHashLine: t.string({
      description: 'The line a printed log ends with, naming the hash to check a paper copy by (English)',
      resolve: (log) => recordHashText(log.recordHash),
    }),
    recordHashSaid: t.field({
      type: MessageType,
      description: 'The same line by id, for a page in its reader’s language',
      resolve: (log) => recordHashSaid(log.recordHash),
    }),
  }),
});

builder.queryFields((t) => ({
  gamePitchLog: t.field({
    type: PitchLogType,
    description: 'A game’s pitch log, for the printable page; GET /api/reports/games/{id}/pitch-log.pdf is the PDF',
    args: { gameId: t.arg.id({ required: true }) },
    resolve: async (_root, args, ctx) =>
      ctx.services.reports.pitchLog(await ctx.actor(), { gameId: String(args.gameId) }, 'Query.gamePitchLog'),
  }),
}));
