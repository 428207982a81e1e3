import { createContext, createElement, type ReactNode, useContext, useMemo, useSyncExternalStore } from 'react';
import { normalizeRoles, type Role } from '../../core/roles.ts';

/**
 * The signed-in user's roles, kept in sessionStorage so a reload keeps the menu (docs/screens.md, Behaviour: "roles
 * are kept in session storage, read on load, and written at login"). They are a cache for the
 * menu only: the server checks every operation.
 */
export const ROLES_STORAGE_KEY = 'bullpen.roles';

const NO_ROLES: readonly Role[] = Object.freeze([]);

export interface SessionSnapshot {
  roles: readonly Role[];
  /** Why the server ended the session, if it did; the route guard sends the user to /login with it. */
  endedReason: string | null;
  /** The user signed out here: the next sign-in (maybe someone else's) starts on the dashboard, not their page. */
  signedOut?: boolean;
}

export interface SessionStore {
  getSnapshot: () => SessionSnapshot;
  subscribe: (listener: () => void) => () => void;
  setRoles: (roles: readonly unknown[]) => void;
  /** Forgets the roles (sign-out). */
  clear: () => void;
  /** Forgets the roles because the server ended the session. */
  end: (reason: string) => void;
}

function safeStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readStoredRoles(storage: Storage | null = safeStorage()): Role[] {
  try {
    const raw = storage?.getItem(ROLES_STORAGE_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    return Array.isArray(parsed) ? normalizeRoles(parsed) : [];
  } catch {
    return [];
  }
}

function sameRoles(a: readonly Role[], b: readonly Role[]): boolean {
  return a.length === b.length && a.every((role, index) => role === b[index]);
}

export function createSessionStore(storage: Storage | null = safeStorage()): SessionStore {
  const initial = readStoredRoles(storage);
  let snapshot: SessionSnapshot = { roles: initial.length ? initial : NO_ROLES, endedReason: null };
  const listeners = new Set<() => void>();

  const update = (next: SessionSnapshot) => {
    if (
      sameRoles(next.roles, snapshot.roles) &&
      next.endedReason === snapshot.endedReason &&
      next.signedOut === snapshot.signedOut
    )
      return;
    snapshot = next;
    for (const listener of listeners) listener();
  };
  const forget = () => {
    try {
      storage?.removeItem(ROLES_STORAGE_KEY);
    } catch {
      // Storage may be unavailable (private mode); the in-memory state still clears.
    }
  };

  return {
    getSnapshot: () => snapshot,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setRoles: (values) => {
      const roles = normalizeRoles(values);
      try {
        if (roles.length) storage?.setItem(ROLES_STORAGE_KEY, JSON.stringify(roles));
        else forget();
      } catch {
        // As above: keep going with the in-memory roles.
      }
      update({ roles: roles.length ? roles : NO_ROLES, endedReason: null });
    },
    clear: () => {
      forget();
      update({ roles: NO_ROLES, endedReason: null, signedOut: true });
    },
    end: (reason) => {
      forget();
      update({ roles: NO_ROLES, endedReason: reason });
    },
  };
}

/** The store the app uses; tests make their own with createSessionStore(). */
export const sessionStore = createSessionStore();

export interface Session {
  roles: readonly Role[];
  endedReason: string | null;
  signedOut: boolean;
  setRoles: (roles: readonly unknown[]) => void;
  /** Forgets the roles and any other per-user state registered with the provider (the query cache). */
  clear: () => void;
}

const SessionContext = createContext<{ store: SessionStore; onClear?: () => void } | null>(null);

export function SessionProvider(props: { store?: SessionStore; onClear?: () => void; children: ReactNode }) {
  const { store = sessionStore, onClear, children } = props;
  const value = useMemo(() => ({ store, onClear }), [store, onClear]);
  return createElement(SessionContext.Provider, { value }, children);
}

export function useSession(): Session {
  const context = useContext(SessionContext);
  if (!context) throw new Error('useSession must be used inside <SessionProvider>');
  const { store, onClear } = context;
  const snapshot = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return useMemo(
    () => ({
      roles: snapshot.roles,
      endedReason: snapshot.endedReason,
      signedOut: snapshot.signedOut === true,
      setRoles: store.setRoles,
      clear: () => {
        store.clear();
        onClear?.();
      },
    }),
    [snapshot, store, onClear],
  );
}
