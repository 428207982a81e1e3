import { describe, expect, it } from 'vitest';
import { createSessionStore, ROLES_STORAGE_KEY } from './session-store.ts';

describe('session store', () => {
  it('reads the roles kept in session storage on load, keeping only known roles', () => {
    window.sessionStorage.setItem(ROLES_STORAGE_KEY, JSON.stringify(['coach', 'hacker', 'admin']));
    expect(createSessionStore(window.sessionStorage).getSnapshot().roles).toEqual(['admin', 'coach']);
  });

  it('starts with no roles when storage holds nothing usable', () => {
    window.sessionStorage.setItem(ROLES_STORAGE_KEY, '{not json');
    expect(createSessionStore(window.sessionStorage).getSnapshot().roles).toEqual([]);
  });

  it('writes the roles at sign-in and forgets them at sign-out', () => {
    const store = createSessionStore(window.sessionStorage);
    store.setRoles(['parent']);
    expect(window.sessionStorage.getItem(ROLES_STORAGE_KEY)).toBe('["parent"]');
    store.clear();
    expect(window.sessionStorage.getItem(ROLES_STORAGE_KEY)).toBeNull();
    expect(store.getSnapshot()).toEqual({ roles: [], endedReason: null, signedOut: true });
  });

  it('remembers why the server ended the session until the next sign-in', () => {
    const store = createSessionStore(window.sessionStorage);
    store.setRoles(['coach']);
    store.end('REVOKED');
    expect(store.getSnapshot()).toEqual({ roles: [], endedReason: 'REVOKED' });
    expect(window.sessionStorage.getItem(ROLES_STORAGE_KEY)).toBeNull();
    store.setRoles(['coach']);
    expect(store.getSnapshot().endedReason).toBeNull();
  });
});
