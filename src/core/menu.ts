import { paths } from './paths.ts';
import type { Role } from './roles.ts';

export interface MenuItem {
  label: string;
  path: string;
  description: string;
}

export interface MenuSection {
  id: string;
  title: string;
  /** Roles that see this section. SuperAdmin also sees the admin section (spec §2, Dashboard). */
  roles: readonly Role[];
  items: readonly MenuItem[];
}

/** The dashboard's sections by role, as the spec lists them (spec §2, Dashboard; §6). */
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
      { label: 'Team Management', path: paths.teams, description: 'List, add, edit and delete teams.' },
      { label: 'Season Management', path: paths.seasons, description: 'Create and roll seasons.' },
      { label: 'View Violations', path: paths.violations, description: 'Review pitchers who exceeded limits.' },
      { label: 'Manage Rest Rules', path: paths.restRules, description: 'Pitch counts and the rest they require.' },
    ],
  },
  {
    id: 'coach',
    title: 'Coach',
    roles: ['coach'],
    items: [
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
  return MENU_SECTIONS.filter((section) => section.roles.some((role) => roles.includes(role)));
}
