import type { MessageId } from './i18n/messages.ts';
import { paths } from './paths.ts';
import type { Role } from './roles.ts';

/**
 * The English `label`, `description` and `title` are the spec's words (tests and the server read them); a page shows
 * the reader's language through the ids (src/core/i18n/catalogues/<locale>/shell.json).
 */
export interface MenuItem {
  label: string;
  labelId: MessageId;
  path: string;
  description: string;
  descriptionId: MessageId;
  /** Shown only to users without these roles (who already see the item elsewhere). */
  hiddenFor?: readonly Role[];
}

export interface MenuSection {
  id: string;
  title: string;
  titleId: MessageId;
  /** Roles that see this section. SuperAdmin also sees the admin section (docs/screens.md, Dashboard). */
  roles: readonly Role[];
  items: readonly MenuItem[];
}

/** The dashboard's sections by role, as the spec lists them (docs/screens.md, Dashboard and Roles). */
export const MENU_SECTIONS: readonly MenuSection[] = [
  {
    id: 'superadmin',
    title: 'SuperAdmin',
    titleId: 'shell.menu.section.superadmin',
    roles: ['SuperAdmin'],
    items: [
      {
        label: 'User Management',
        labelId: 'shell.menu.userManagement',
        path: paths.users,
        description: 'Add, rename and remove users.',
        descriptionId: 'shell.menu.userManagement.description',
      },
      {
        label: 'Manage Organizations',
        labelId: 'shell.menu.manageOrganizations',
        path: paths.organizations,
        description: 'Organizations and their admins.',
        descriptionId: 'shell.menu.manageOrganizations.description',
      },
      {
        label: 'Manage Leagues',
        labelId: 'shell.menu.manageLeagues',
        path: paths.leagues,
        description: 'Leagues, their admins and rest rules.',
        descriptionId: 'shell.menu.manageLeagues.description',
      },
    ],
  },
  {
    id: 'admin',
    title: 'League Admin',
    titleId: 'shell.menu.section.admin',
    roles: ['SuperAdmin', 'admin'],
    items: [
      // Not in the spec's admin menu, but an organization's admin manages its leagues (docs/decisions/0011).
      {
        label: 'Manage Leagues',
        labelId: 'shell.menu.manageLeagues',
        path: paths.leagues,
        description: 'Leagues, their admins and rest rules.',
        descriptionId: 'shell.menu.manageLeagues.description',
        hiddenFor: ['SuperAdmin'],
      },
      {
        label: 'Team Management',
        labelId: 'shell.menu.teamManagement',
        path: paths.teams,
        description: 'List, add, edit and delete teams.',
        descriptionId: 'shell.menu.teamManagement.description',
      },
      {
        label: 'Player Management',
        labelId: 'shell.menu.playerManagement',
        path: paths.players,
        description: 'Players, rosters, imports and parents.',
        descriptionId: 'shell.menu.playerManagement.description',
      },
      {
        label: 'Season Management',
        labelId: 'shell.menu.seasonManagement',
        path: paths.seasons,
        description: 'Create and roll seasons.',
        descriptionId: 'shell.menu.seasonManagement.description',
      },
      {
        label: 'View Violations',
        labelId: 'shell.menu.viewViolations',
        path: paths.violations,
        description: 'Review pitchers who exceeded limits.',
        descriptionId: 'shell.menu.viewViolations.description',
      },
      // Not in the spec's menu: both dugouts' counts of each game, until the two coaches agree.
      {
        label: 'Game Counts',
        labelId: 'shell.menu.gameCounts',
        path: paths.gameCounts,
        description: 'Games whose final counts are not agreed yet.',
        descriptionId: 'shell.menu.gameCounts.description',
      },
      {
        label: 'Manage Rest Rules',
        labelId: 'shell.menu.manageRestRules',
        path: paths.restRules,
        description: 'Pitch counts and the rest they require.',
        descriptionId: 'shell.menu.manageRestRules.description',
      },
    ],
  },
  {
    id: 'coach',
    title: 'Coach',
    titleId: 'shell.menu.section.coach',
    roles: ['coach'],
    items: [
      // Not in the spec's coach menu: a coach sees their own teams and rosters.
      {
        label: 'My Teams',
        labelId: 'shell.menu.myTeams',
        path: paths.teams,
        description: 'Your teams and their rosters.',
        descriptionId: 'shell.menu.myTeams.description',
        hiddenFor: ['SuperAdmin', 'admin'],
      },
      {
        label: 'Log Pitch Outing',
        labelId: 'shell.menu.logPitchOuting',
        path: paths.tracker,
        description: 'Enter pitch counts for a game.',
        descriptionId: 'shell.menu.logPitchOuting.description',
      },
      {
        label: 'Pitcher Status',
        labelId: 'shell.menu.pitcherStatus',
        path: paths.status,
        description: 'Rest-day eligibility and history.',
        descriptionId: 'shell.menu.pitcherStatus.description',
      },
    ],
  },
  {
    id: 'parent',
    title: 'Parent',
    titleId: 'shell.menu.section.parent',
    roles: ['parent'],
    items: [
      {
        label: "My Child's Status",
        labelId: 'shell.menu.myChildsStatus',
        path: paths.parentPlayers,
        description: 'Rest and eligibility for your child.',
        descriptionId: 'shell.menu.myChildsStatus.description',
      },
      {
        label: 'Log Outing for My Child',
        labelId: 'shell.menu.logOutingForMyChild',
        path: paths.parentLog,
        description: 'Record pitching outside the league.',
        descriptionId: 'shell.menu.logOutingForMyChild.description',
      },
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
