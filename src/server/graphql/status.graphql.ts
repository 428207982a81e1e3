import type { Appearance, DayAvailability, NotEligible } from '../../core/rules/engine.ts';
import type {
  LiveGame,
  PitcherStatusRecord,
  RecentOuting,
  ReportedPitcher,
  StatusReport,
} from '../services/status.service.ts';
import { builder } from './builder.ts';
import { GameStateEnum } from './games.graphql.ts';
import { MessageType } from './message.graphql.ts';
import { RestRule } from './rest-rules.graphql.ts';

export const NotAllowed = builder.objectRef<NotEligible>('NotAllowed').implement({
  description: 'Why a pitcher may not start pitching: the rule pitching would break (a violation code)',
  fields: (t) => ({
    code: t.exposeString('code'),
    message: t.exposeString('message', { description: 'In English' }),
    said: t.field({
      type: MessageType,
      description: 'The message by id, for the reader’s language',
      resolve: (r) => r.said,
    }),
    until: t.exposeString('until', {
      nullable: true,
      description: 'The first day this rule no longer holds the pitcher out (YYYY-MM-DD); null: not within the caps',
    }),
  }),
});

/** The one answer, where a screen shows it beside something else (the pitch log, the official's screen). */
export interface PitcherAnswer {
  canPitch: boolean;
  nextEligibleDate: string | null;
  reasons: NotEligible[];
}

export const PitcherAnswerType = builder.objectRef<PitcherAnswer>('PitcherAnswer').implement({
  description:
    'Pitcher Status’s answer for a pitcher on a day, from the whole record: whether they may pitch, from when, and why not',
  fields: (t) => ({
    canPitch: t.exposeBoolean('canPitch'),
    nextEligibleDate: t.exposeString('nextEligibleDate', {
      nullable: true,
      description: 'The first day they may pitch (the day itself when they may); null: none within the caps',
    }),
    reasons: t.field({ type: [NotAllowed], resolve: (a) => a.reasons }),
  }),
});

const DayStatus = builder.objectRef<DayAvailability>('DayStatus').implement({
  description: 'One day of the availability grid',
  fields: (t) => ({
    date: t.exposeString('date'),
    canPitch: t.exposeBoolean('canPitch'),
    remaining: t.exposeInt('remaining', {
      nullable: true,
      description: 'Pitches (or innings) left that day; null when no daily max applies',
    }),
    nextEligibleDate: t.exposeString('nextEligibleDate', { nullable: true }),
    reason: t.field({ type: NotAllowed, nullable: true, resolve: (d) => d.reason }),
    reasons: t.field({
      type: [NotAllowed],
      description: 'Every rule that holds the pitcher out from this day to the next eligible date, each with its date',
      resolve: (d) => d.reasons,
    }),
  }),
});

type Today = NonNullable<PitcherStatusRecord['today']>;
const TodayStatus = builder.objectRef<Today>('TodayStatus').implement({
  description: 'A pitcher’s status on the report’s date (the same answer as `bullpen eligibility`)',
  fields: (t) => ({
    age: t.exposeInt('age', { description: 'The age the rule reads (league age or actual age)' }),
    dailyMax: t.exposeInt('dailyMax', { nullable: true }),
    pitchedToday: t.exposeInt('pitchedToday'),
    remainingToday: t.exposeInt('remainingToday', { nullable: true }),
    restDaysOwed: t.exposeInt('restDaysOwed', { description: 'Rest owed for the latest day pitched' }),
    nextEligibleDate: t.exposeString('nextEligibleDate', { nullable: true }),
    canPitch: t.boolean({ resolve: (s) => s.canPitchOnAsOf }),
    reason: t.field({ type: NotAllowed, nullable: true, resolve: (s) => s.reason }),
    reasons: t.field({
      type: [NotAllowed],
      description: 'Every rule that holds the pitcher out until the next eligible date, each with its date',
      resolve: (s) => s.reasons,
    }),
  }),
});

const AppearanceType = builder.objectRef<Appearance>('Appearance').implement({
  description: 'One outing as the rules engine reads it (a game of the league, or one a parent reported)',
  fields: (t) => ({
    date: t.exposeString('date'),
    gameId: t.exposeID('game', { description: 'The game; an outside outing’s own id' }),
    pitches: t.exposeInt('pitches', { description: 'Thrown, without the intentional-walk credit' }),
    pitchesBeforeLastBatter: t.exposeInt('pitchesBeforeLastBatter', { nullable: true }),
    pitchedInnings: t.exposeIntList('pitchedInnings', { nullable: true }),
    caughtInnings: t.exposeIntList('caughtInnings', { nullable: true }),
    outs: t.exposeInt('outs', { nullable: true }),
    intentionalWalks: t.exposeInt('intentionalWalks', { nullable: true }),
  }),
});

const RecentOutingType = builder.objectRef<RecentOuting>('RecentOuting').implement({
  fields: (t) => ({
    outingId: t.exposeID('outingId'),
    gameId: t.exposeID('gameId'),
    date: t.exposeString('date'),
    teamName: t.exposeString('teamName', { description: 'The team, or where an outside outing was pitched' }),
    opponent: t.exposeString('opponent'),
    reportedByParent: t.exposeBoolean('reportedByParent', {
      description: 'Pitching outside the league, reported by a parent',
    }),
    count: t.exposeInt('count', { description: 'In the rule’s unit' }),
    pitches: t.exposeInt('pitches'),
    caughtInnings: t.exposeInt('caughtInnings', { description: 'How many innings caught' }),
    daysRest: t.exposeInt('daysRest', { description: 'Rest that day’s pitching owed by the rule’s tiers' }),
    firstEligibleDate: t.exposeString('firstEligibleDate', {
      nullable: true,
      description:
        'Pitcher Status’s answer on that day, from the whole record up to it: the first day they could pitch again (null: no rule, or none within the caps)',
    }),
  }),
});

const WorkloadDay = builder.objectRef<{ date: string; count: number }>('WorkloadDay').implement({
  fields: (t) => ({ date: t.exposeString('date'), count: t.exposeInt('count') }),
});

const LiveGameType = builder.objectRef<LiveGame>('LiveGame').implement({
  description: 'A game of the pitcher’s team today, scheduled or in progress: its live count is `gameCounts(id)`',
  fields: (t) => ({
    id: t.exposeID('id'),
    date: t.exposeString('date'),
    startTime: t.exposeString('startTime', { nullable: true, description: 'HH:MM, local' }),
    teamId: t.exposeID('teamId', { description: 'The pitcher’s team' }),
    opponent: t.exposeString('opponent', { description: 'The other team, or the outside opponent' }),
    state: t.field({ type: GameStateEnum, resolve: (g) => g.state }),
  }),
});

const PitcherStatus = builder.objectRef<ReportedPitcher>('PitcherStatus').implement({
  fields: (t) => ({
    playerId: t.exposeID('playerId'),
    firstName: t.exposeString('firstName'),
    lastName: t.exposeString('lastName'),
    jerseyNumber: t.exposeString('jerseyNumber', { nullable: true }),
    today: t.field({
      type: TodayStatus,
      nullable: true,
      description: 'Null when the league has no rest rule',
      resolve: (p) => p.today,
    }),
    days: t.field({
      type: [DayStatus],
      description: 'The report’s date and the days after it',
      resolve: (p) => p.days,
    }),
    recentOutings: t.field({ type: [RecentOutingType], resolve: (p) => p.recentOutings }),
    record: t.field({
      type: [AppearanceType],
      description:
        'What the answer was computed from: each outing within the rules’ look-back up to the report’s date, oldest first',
      resolve: (p) => p.record,
    }),
    workload: t.field({
      type: [WorkloadDay],
      description: 'Day totals of the season up to the report’s date',
      resolve: (p) => p.workload,
    }),
    liveGames: t.field({
      type: [LiveGameType],
      description:
        'The team’s games today (the organization’s date, whatever the report’s), scheduled or in progress, by start time',
      resolve: (p) => p.liveGames(),
    }),
  }),
});

const StatusReportType = builder.objectRef<StatusReport>('PitcherStatusReport').implement({
  fields: (t) => ({
    asOf: t.exposeString('asOf', { description: 'The date, YYYY-MM-DD' }),
    teamId: t.exposeID('teamId'),
    teamName: t.exposeString('teamName'),
    leagueId: t.exposeID('leagueId'),
    leagueName: t.exposeString('leagueName'),
    seasonName: t.exposeString('seasonName'),
    seasonStart: t.exposeString('seasonStart'),
    ruleName: t.exposeString('ruleName', { nullable: true, description: 'Null: the league has no rest rule' }),
    rule: t.field({
      type: RestRule,
      nullable: true,
      description: 'The whole rule the team plays by (the outing form runs the engine with it)',
      resolve: (report, _args, ctx) => ctx.services.status.ruleOf(report),
    }),
    unit: t.exposeString('unit', { description: 'pitches or innings' }),
    pitchers: t.field({ type: [PitcherStatus], resolve: (r) => r.pitchers }),
  }),
});

builder.queryField('pitcherStatus', (t) =>
  t.field({
    type: StatusReportType,
    description:
      'Who may pitch on a date (today in the organization’s time zone by default) and the next days: for a team, or one player',
    args: {
      teamId: t.arg.id(),
      playerId: t.arg.id(),
      date: t.arg.string({ description: 'YYYY-MM-DD' }),
    },
    resolve: async (_root, args, ctx) =>
      ctx.services.status.pitcherStatus(await ctx.actor(), {
        teamId: args.teamId == null ? null : String(args.teamId),
        playerId: args.playerId == null ? null : String(args.playerId),
        date: args.date ?? null,
      }),
  }),
);
