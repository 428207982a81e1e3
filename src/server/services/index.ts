import type { PasswordPolicy } from '../../core/password-policy.ts';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import type { EventBus } from '../db/event-bus.ts';
import type { Mailer } from '../mail/mailer.ts';
import { createChangeHistoryService } from './change-history.service.ts';
import { createEvents } from './events.ts';
import { createGamesService } from './games.service.ts';
import type { History } from './history.ts';
import { createInvitationsService } from './invitations.service.ts';
import { createLeaguesService } from './leagues.service.ts';
import { createMeService } from './me.service.ts';
import { type AnswersBefore, answersBeforeChange, tellParentsOfChangedAnswers } from './notifications.ts';
import { createOfficialCountService } from './official-count.service.ts';
import { createOfficialsService } from './officials.service.ts';
import { createOrganizationsService } from './organizations.service.ts';
import { createOutingsService } from './outings.service.ts';
import { createOutsideOutingsService } from './outside-outings.service.ts';
import { createPitchEventsService } from './pitch-events.service.ts';
import { createPitcherChoicesService } from './pitcher-choices.service.ts';
import { leaguesUsingRule, pitchersOfLeagues } from './pitching-history.ts';
import { createPlateCardService } from './plate-card.service.ts';
import { createPlayerDuplicatesService } from './player-duplicates.service.ts';
import { createPlayerImportService } from './player-import.service.ts';
import { createPlayersService } from './players.service.ts';
import { sendDailyDigests } from './record-digest.ts';
import { createReportsService } from './reports.service.ts';
import { createRestRulesService } from './rest-rules.service.ts';
import { createSeasonsService } from './seasons.service.ts';
import { createSessionsService, type SessionPolicy } from './sessions.service.ts';
import { createSignaturesService } from './signatures.service.ts';
import { createStatusService } from './status.service.ts';
import { createTeamsService } from './teams.service.ts';
import { type BackoffPolicy, createThrottleService } from './throttle.service.ts';
import { createUsersService } from './users.service.ts';
import { recomputeViolations } from './violations.repository.ts';
import { createViolationsService } from './violations.service.ts';
// Errors built with a Message say it in English too: the catalogues are read before any is built.
import '../i18n.ts';

export interface ServiceDeps {
  db: Db;
  clock: Clock;
  sessionPolicy: SessionPolicy;
  mailer: Mailer;
  passwordPolicy: PasswordPolicy;
  publicUrl?: string;
  /** The server's own address when no public one is set: http://localhost:PORT. */
  ownUrl?: string;
  /** The server's secret: signs the plate meeting card's links. */
  secret: string;
  backoff?: BackoffPolicy;
  onMailError?: (error: unknown) => void;
  /** Carries events to the other servers on the same PostgreSQL (none on the embedded database). */
  eventBus?: EventBus;
  log?: { warn(obj: object, msg: string): void };
  /** Database.authGeneration (sessions are cached while it is unchanged). */
  authGeneration: () => Promise<number>;
}

/** Every service, built once per app; transports (GraphQL, REST) call these and nothing below. */
export function createServices(deps: ServiceDeps) {
  const { db, clock } = deps;
  const events = createEvents(deps.eventBus, deps.log);
  const users = createUsersService({
    db,
    clock,
    events,
    mailer: deps.mailer,
    passwordPolicy: deps.passwordPolicy,
    publicUrl: deps.publicUrl,
    onMailError: deps.onMailError,
  });
  const games = createGamesService({ db, clock, events });
  const status = createStatusService({ db, clock });
  const players = createPlayersService({ db, clock, users });
  const throttle = createThrottleService({ db, clock, backoff: deps.backoff });
  const officialCount = createOfficialCountService({ db, clock, games });
  const signatures = createSignaturesService({ db, clock, events, games, throttle });
  const officials = createOfficialsService({
    db,
    clock,
    games,
    officialCount,
    mailer: deps.mailer,
    origin: deps.publicUrl ?? deps.ownUrl ?? 'http://localhost:3000',
  });
  // A rule's change reaches every pitcher of the leagues that play by it: their violations follow,
  // and the parents whose child's next eligible date moved hear of it once.
  const pitchersOfRule = async (tx: Db, restRuleId: string) =>
    pitchersOfLeagues(tx, await leaguesUsingRule(tx, restRuleId));
  const ruleChange = {
    before: async (tx: Db, restRuleId: string, history: History) =>
      answersBeforeChange(tx, await pitchersOfRule(tx, restRuleId), history.at),
    after: async (tx: Db, rule: { id: string; name: string }, history: History, before: unknown) => {
      await recomputeViolations(tx, await pitchersOfRule(tx, rule.id), history, 'The rest rule was changed');
      await tellParentsOfChangedAnswers(
        tx,
        before as AnswersBefore,
        { id: 'email.answerChanged.ruleChanged', values: { rule: rule.name } },
        history.at,
      );
    },
  };
  return {
    events,
    sessions: createSessionsService({ db, clock, policy: deps.sessionPolicy, authGeneration: deps.authGeneration }),
    throttle,
    me: createMeService({ db }),
    invitations: createInvitationsService({ db, clock }),
    organizations: createOrganizationsService({ db, clock, events }),
    leagues: createLeaguesService({ db, clock, events, users }),
    restRules: createRestRulesService({ db, clock, events, ruleChange }),
    users,
    seasons: createSeasonsService({ db, clock }),
    teams: createTeamsService({ db, clock, users }),
    players,
    playerImport: createPlayerImportService({ db, clock, users, publicUrl: deps.publicUrl }),
    playerDuplicates: createPlayerDuplicatesService({ db, clock, players }),
    games,
    changeHistory: createChangeHistoryService({ db, games }),
    outings: createOutingsService({ db, clock, events, games }),
    status,
    plateCard: createPlateCardService({
      db,
      clock,
      status,
      officialCount,
      secret: deps.secret,
      origin: deps.publicUrl ?? deps.ownUrl ?? 'http://localhost:3000',
    }),
    violations: createViolationsService({ db, clock }),
    pitchEvents: createPitchEventsService({ db, clock, events, games }),
    pitcherChoices: createPitcherChoicesService({ db, clock, games }),
    officialCount,
    signatures,
    officials,
    outsideOutings: createOutsideOutingsService({ db, clock, players }),
    reports: createReportsService({ db, games, officialCount }),
    /** The history's head emailed to each organization's admins once a day (record-digest.ts). */
    recordDigest: { sendDaily: (now: Date = clock.now()) => sendDailyDigests(db, now) },
  };
}

export type Services = ReturnType<typeof createServices>;
