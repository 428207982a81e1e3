/** Every route of the web app, in one place (spec §2). */
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
  seasons: '/admin/seasons',
  restRules: '/admin/RestRulesPage',
  tracker: '/tracker',
  status: '/status',
  parentPlayers: '/parent/players',
  parentLog: '/parent/log',
} as const;

export type AppPath = (typeof paths)[keyof typeof paths];
