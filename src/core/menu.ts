import { paths } from './paths.ts';
import type { Role } from './roles.ts';

export interface MenuItem {
  label: string;
  path: string;
  description: string;
  /** Shown only to users without these roles (who already see the item elsewhere). */
  hiddenFor?: readonly Role[];
}

export interface MenuSection {
  id: string;
  title: string;
  /** Roles that see this section. SuperAdmin also sees the admin section (docs/screens.md, Dashboard). */
  roles: readonly Role[];
  items: readonly MenuItem[];
}

/** The dashboard's sections by role, as the spec lists them (docs/screens.md, Dashboard and Roles). */
export const MENU_SECTIONS: readonly MenuSection[] = [
  {
    id: 'superadmin',
    title: 'SuperAdmin',
    roles: ['SuperAdmin'],
    items: [
      { label: 'User Management', path: paths.users, description: 'Add, rename and remove users.' },
      {
        label: 'Manage Organizations',
        path: paths.organizations,
        description: 'Organizations and their admins.',
      },
      { label: 'Manage Leagues', path: paths.leagues, description: 'Leagues, their admins and rest rules.' },
    ],
  },
  {
    id: 'admin',
    title: 'League Admin',
    roles: ['SuperAdmin', 'admin'],
    items: [
      // Not in the spec's admin menu, but an organization's admin manages its leagues (docs/decisions/0011).
      {
        label: 'Manage Leagues',
        path: paths.leagues,
        description: 'Leagues, their admins and rest rules.',
        hiddenFor: ['SuperAdmin'],
      },
      { label: 'Team Management', path: paths.teams, description: 'List, add, edit and delete teams.' },
      { label: 'Player Management', path: paths.players, description: 'Players, rosters, imports and parents.' },
      { label: 'Season Management', path: paths.seasons, description: 'Create and roll seasons.' },
      { label: 'View Violations', path: paths.violations, description: 'Review pitchers who exceeded limits.' },
      // Not in the spec's menu: both dugouts' counts of each game, until the two coaches agree.
      { label: 'Game Counts', path: paths.gameCounts, description: 'Games whose final counts are not agreed yet.' },
      { label: 'Manage Rest Rules', path: paths.restRules, description: 'Pitch counts and the rest they require.' },
    ],
  },
  {
    id: 'coach',
    title: 'Coach',
    roles: ['coach'],
    items: [
      // Not in the spec's coach menu: a coach sees their own teams and rosters.
      {
        label: 'My Teams',
        path: paths.teams,
        description: 'Your teams and their rosters.',
        hiddenFor: ['SuperAdmin', 'admin'],
      },
      { label: 'Log Pitch Outing', path: paths.tracker, description: 'Enter pitch counts for a game.' },
      { label: 'Pitcher Status', path: paths.status, description: 'Rest-day eligibility and history.' },
    ],
  },
  {
    id: 'parent',
    title: 'Parent',
    roles: ['parent'],
    items: [
      { label: "My Child's Status", path: paths.parentPlayers, description: 'Rest and eligibility for your child.' },
      { label: 'Log Outing for My Child', path: paths.parentLog, description: 'Record pitching outside the league.' },
    ],
  },
];

/** The sections a user's roles allow, in menu order. */
export function sectionsFor(roles: readonly Role[]): MenuSection[] {
  return MENU_SECTIONS.filter((section) => section.roles.some((role) => roles.includes(role))).map((section) => ({
    ...section,
    items: section.items.filter((item) => !item.hiddenFor?.some((role) => roles.includes(role))),
  }));
}
