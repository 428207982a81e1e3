/** Every route of the web app, in one place (docs/screens.md, Screens). */
export const paths = {
  root: '/',
  login: '/login',
  forgotPassword: '/forgot-password',
  dashboard: '/dashboard',
  account: '/account',
  users: '/admin/users',
  organizations: '/admin/organizations',
  leagues: '/admin/leagues',
  teams: '/admin/teams',
  players: '/admin/players',
  violations: '/admin/violations',
  /** Games whose final counts are not yet agreed. */
  gameCounts: '/admin/game-counts',
  seasons: '/admin/seasons',
  restRules: '/admin/rest-rules',
  /** The old tool's address of Rest Rules: it redirects to restRules, so a bookmark still opens the page. */
  oldRestRules: '/admin/RestRulesPage',
  tracker: '/tracker',
  /** A game's pitch log, printable. */
  pitchLog: '/tracker/games/:gameId/log',
  status: '/status',
  /** A team's eligibility card for the plate meeting: ?team= to make it, /:token to open one shown. */
  plateCard: '/plate',
  plateCardLink: '/plate/:token',
  /** Where a game's official signs its counts, through the one-time link emailed to them (/:link). */
  official: '/official',
  officialLink: '/official/:link',
  parentPlayers: '/parent/players',
  parentLog: '/parent/log',
} as const;

/** The printable pitch log of one game. */
export const pitchLogPath = (gameId: string) => paths.pitchLog.replace(':gameId', encodeURIComponent(gameId));

/** The same log as a PDF (a download from the server, not a page of the app). */
export const pitchLogPdfPath = (gameId: string) => `/api/reports/games/${encodeURIComponent(gameId)}/pitch-log.pdf`;

/** The plate meeting card of a team, made now. */
export const plateCardPath = (teamId: string) => `${paths.plateCard}?${new URLSearchParams({ team: teamId })}`;

export type AppPath = (typeof paths)[keyof typeof paths];
