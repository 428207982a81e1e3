import { describe, expect, it } from 'vitest';
import { type Actor, abilitiesOf, authorize, can, POLICIES } from './permissions.ts';

const admin: Actor = { userId: 'u1', roles: ['admin'], adminOrganizationIds: ['org-a'], adminLeagueIds: ['league-x'] };
const coach: Actor = { userId: 'u2', roles: ['coach'], adminOrganizationIds: [], adminLeagueIds: [] };

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
  it('lists only GraphQL operations, none for an anonymous caller', () => {
    expect(abilitiesOf(null)).toEqual([]);
    expect(abilitiesOf(coach)).toContain('Query.me');
    expect(abilitiesOf(coach).every((op) => POLICIES[op].transport === 'graphql')).toBe(true);
  });
});
