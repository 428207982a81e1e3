import { useCallback, useRef, useState } from 'react';
import { adminErrorMessage } from './admin-error.ts';

/**
 * The modal modes of the admin screens (docs/screens.md, Behaviour); 'roles' and the modes below it are this
 * project's own.
 */
export type AdminModalMode =
  | 'closed'
  | 'add'
  | 'edit'
  | 'delete'
  | 'manageAdmins'
  | 'manageRestRule'
  | 'editEmail'
  | 'editName'
  | 'roles'
  // Roll a season, a team's coaches, a player's teams and parents, a roster import.
  | 'roll'
  | 'inviteCoach'
  | 'inviteAdmin'
  // A league's change history, and its officials.
  | 'history'
  | 'officials'
  | 'manageTeams'
  | 'manageGuardians'
  | 'import';

export interface AdminModalState<T> {
  /** The open modal, or 'closed'. */
  mode: AdminModalMode;
  /** The row the modal acts on (null for 'add'). */
  target: T | null;
  /** The message of the error box, or null. */
  error: string | null;
  /** True while `run` waits for the server; the modal's buttons are disabled. */
  busy: boolean;
  /** Opens a modal for a row, clearing the previous error (docs/screens.md, Behaviour). */
  open: (mode: Exclude<AdminModalMode, 'closed'>, target?: T | null) => void;
  /** Returns to closed (Cancel); ignored while saving. */
  close: () => void;
  /** Shows a message in the error box (e.g. a validation failure); the modal stays open. */
  setError: (message: string | null) => void;
  /** Runs a save once at a time: on success closes, on failure shows adminErrorMessage(error, fallback) and stays open. */
  run: (action: () => Promise<unknown>, fallback: string) => Promise<boolean>;
  /** What every modal of the screen takes from this state: `<AdminsModal {...modal.props} ... />`. */
  props: { busy: boolean; error: string | null; onClose: () => void };
}

/** The state of an admin screen's one modal: mode, target row, error box and busy flag. */
export function useAdminModal<T>(): AdminModalState<T> {
  const [state, setState] = useState<{ mode: AdminModalMode; target: T | null }>({ mode: 'closed', target: null });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A ref, not state: a second click in the same tick must see the first one's flag.
  const running = useRef(false);

  const open = useCallback((mode: Exclude<AdminModalMode, 'closed'>, target: T | null = null) => {
    if (running.current) return;
    setError(null);
    setState({ mode, target });
  }, []);

  const close = useCallback(() => {
    if (running.current) return;
    setError(null);
    setState({ mode: 'closed', target: null });
  }, []);

  const run = useCallback(async (action: () => Promise<unknown>, fallback: string) => {
    if (running.current) return false;
    running.current = true;
    setBusy(true);
    setError(null);
    try {
      await action();
      setState({ mode: 'closed', target: null });
      return true;
    } catch (caught) {
      setError(adminErrorMessage(caught, fallback));
      return false;
    } finally {
      running.current = false;
      setBusy(false);
    }
  }, []);

  return {
    mode: state.mode,
    target: state.target,
    error,
    busy,
    open,
    close,
    setError,
    run,
    props: { busy, error, onClose: close },
  };
}
