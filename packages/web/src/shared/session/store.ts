import type { CurrentUser } from '@kinfolio/contract';
import { create } from 'zustand';

export const SESSION_STORAGE_KEY = 'kinfolio-session';

export type SessionStatus = 'idle' | 'verifying' | 'ready';

interface SessionState {
  /** The logged-in flag; persisted so a reload knows to verify the session. */
  isLoggedIn: boolean;
  user: CurrentUser | null;
  status: SessionStatus;
  /**
   * Status of a session check that failed on the server's side (5xx) even after retries: the
   * session is neither confirmed nor ended, and guarded pages show the error screen.
   */
  checkFailure: number | null;
}

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(SESSION_STORAGE_KEY) === '1';
  } catch {
    return false;
  }
}

export function writeFlag(loggedIn: boolean): void {
  try {
    if (loggedIn) window.localStorage.setItem(SESSION_STORAGE_KEY, '1');
    else window.localStorage.removeItem(SESSION_STORAGE_KEY);
  } catch {
    // Storage unavailable: the session simply does not survive a reload.
  }
}

export const useSessionStore = create<SessionState>(() => ({
  isLoggedIn: readFlag(),
  user: null,
  status: 'idle',
  checkFailure: null,
}));
