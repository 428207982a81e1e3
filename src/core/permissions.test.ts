import { describe, expect, it } from 'vitest';
import { type Actor, abilitiesOf, authorize, authorizeSome, can, NO_SCOPES, POLICIES } from './permissions.ts';

const admin: Actor = {
  ...NO_SCOPES,
  userId: 'u1',
  roles: ['admin'],
  adminOrganizationIds: ['org-a'],
  adminLeagueIds: ['league-x'],
  memberOrganizationIds: { admin: ['org-a', 'org-l'], coach: [], parent: [] },
};
const coach: Actor = {
  userId: 'u2',
  roles: ['coach'],
  ...NO_SCOPES,
};

describe('can', () => {
  it('lets anyone call public routes and only signed-in users call their own operations', () => {
    expect(can(null, 'GET /healthz')).toBe(true);
    expect(can(null, 'Query.me')).toBe(false);
    expect(can(coach, 'Query.me', { userId: 'u2' })).toBe(true);
    expect(can(coach, 'Mutation.deleteMySession', { userId: 'u1' })).toBe(false);
  });

  it('every operation names a transport, a summary and at least one grant', () => {
    for (const [name, policy] of Object.entries(POLICIES)) {
      expect(policy.summary, name).not.toBe('');
      expect(policy.allow.length, name).toBeGreaterThan(0);
      expect(name).toMatch(/^(Query|Mutation|Subscription)\.\w+$|^(GET|POST|PUT|PATCH|DELETE) \//);
    }
  });
});

describe('authorize', () => {
  it('throws UNAUTHENTICATED without a caller and FORBIDDEN when the table refuses', () => {
    expect(() => authorize(null, 'Query.me')).toThrow(expect.objectContaining({ code: 'UNAUTHENTICATED' }));
    expect(() => authorize(coach, 'Mutation.deleteMySession', { userId: 'someone-else' })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(authorize(admin, 'Query.me')).toBe(admin);
  });
});

describe('abilitiesOf', () => {
  it('lists only GraphQL operations; an anonymous caller only reads and signs a game as its official, with the emailed link', () => {
    expect(abilitiesOf(null)).toEqual(['Query.officialGame', 'Mutation.signAsOfficial']);
    expect(abilitiesOf(coach)).toContain('Query.me');
    expect(abilitiesOf(coach).every((op) => POLICIES[op].transport === 'graphql')).toBe(true);
  });
});

describe('league administration grants', () => {
  const superAdmin: Actor = {
    userId: 's',
    roles: ['SuperAdmin'],
    ...NO_SCOPES,
  };

  it('lets an organization admin run leagues of their organization only', () => {
    expect(can(admin, 'Mutation.createLeague', { organizationId: 'org-a' })).toBe(true);
    expect(can(admin, 'Mutation.createLeague', { organizationId: 'org-b' })).toBe(false);
    expect(can(admin, 'Mutation.deleteLeague', { organizationId: 'org-b' })).toBe(false);
    expect(can(admin, 'Mutation.updateLeague', { leagueId: 'league-x', organizationId: 'org-b' })).toBe(true);
  });

  it('narrows lists: allowed without a target, only their own organization when one is named', () => {
    expect(can(admin, 'Query.listLeagues')).toBe(true);
    expect(can(admin, 'Query.listLeagues', { organizationId: 'org-a' })).toBe(true);
    expect(can(admin, 'Query.listLeagues', { organizationId: 'org-b' })).toBe(false);
    expect(can(coach, 'Query.listLeagues')).toBe(false);
  });

  it('keeps organizations, rest rules and users to SuperAdmin', () => {
    for (const op of ['Mutation.createOrganization', 'Mutation.createRestRule', 'Mutation.deleteUser'] as const) {
      expect(can(admin, op), op).toBe(false);
      expect(can(superAdmin, op), op).toBe(true);
    }
  });

  it('authorizeSome refuses a caller no grant could allow, before any lookup', () => {
    expect(() => authorizeSome(coach, 'Mutation.updateLeague')).toThrow(expect.objectContaining({ code: 'FORBIDDEN' }));
    expect(() => authorizeSome(null, 'Mutation.updateLeague')).toThrow(
      expect.objectContaining({ code: 'UNAUTHENTICATED' }),
    );
    expect(authorizeSome(admin, 'Mutation.updateLeague')).toBe(admin);
  });
});

describe('coach and parent grants', () => {
  const teamCoach: Actor = { ...coach, coachTeamIds: ['team-1'] };
  const parent: Actor = {
    userId: 'p',
    roles: ['parent'],
    ...NO_SCOPES,
    guardianPlayerIds: ['kid-1'],
    memberOrganizationIds: { admin: [], coach: [], parent: ['org-a'] },
  };

  it('lets a coach read a player on one of their teams, not one on another team', () => {
    expect(can(teamCoach, 'Query.getPlayer', { organizationId: 'org-a', teamIds: ['team-2', 'team-1'] })).toBe(true);
    expect(can(teamCoach, 'Query.getPlayer', { organizationId: 'org-a', teamIds: ['team-2'] })).toBe(false);
    expect(can(teamCoach, 'Mutation.updatePlayer', { organizationId: 'org-a', teamIds: ['team-1'] })).toBe(false);
  });

  it('lets a parent read and delete their own child only', () => {
    expect(can(parent, 'Query.getPlayer', { playerId: 'kid-1' })).toBe(true);
    expect(can(parent, 'Query.getPlayer', { playerId: 'kid-2' })).toBe(false);
    expect(can(parent, 'Mutation.deletePlayer', { organizationId: 'org-a', playerId: 'kid-1' })).toBe(true);
    expect(can(parent, 'Mutation.updatePlayer', { playerId: 'kid-1' })).toBe(false);
  });

  it('lets a league admin act on a player through any league the player plays in', () => {
    expect(
      can(admin, 'Mutation.addPlayerToTeam', { organizationId: 'org-b', leagueIds: ['league-y', 'league-x'] }),
    ).toBe(true);
    expect(can(admin, 'Mutation.addPlayerToTeam', { organizationId: 'org-b', leagueIds: ['league-y'] })).toBe(false);
    // Deleting a player is the organization's (or the parent's) call, not a league admin's.
    expect(can(admin, 'Mutation.deletePlayer', { organizationId: 'org-b', leagueIds: ['league-x'] })).toBe(false);
  });

  it('lets a league admin, coach or parent name an organization they hold something in, for lists only', () => {
    expect(can(admin, 'Query.listLeagues', { organizationId: 'org-l' })).toBe(true);
    expect(can(admin, 'Mutation.createLeague', { organizationId: 'org-l' })).toBe(false);
    expect(can(parent, 'Query.listTeams', { organizationId: 'org-a' })).toBe(true);
    expect(can(parent, 'Query.listTeams', { organizationId: 'org-b' })).toBe(false);
    expect(can(parent, 'Query.getPlayer', { organizationId: 'org-a', playerId: 'kid-2' })).toBe(false);
  });

  it('narrows coach and parent lists to their own scope', () => {
    expect(can(teamCoach, 'Query.listTeams')).toBe(true);
    expect(can(teamCoach, 'Query.listTeams', { teamIds: ['team-1'] })).toBe(true);
    expect(can(teamCoach, 'Query.listTeams', { organizationId: 'org-a' })).toBe(false);
    expect(can(parent, 'Query.listPlayers', { playerId: 'kid-2' })).toBe(false);
    expect(can(parent, 'Mutation.createTeam', {})).toBe(false);
  });
});
