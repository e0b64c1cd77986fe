import { createContext, useContext } from 'react';
import { ApiError } from '../core/api/client';

/**
 * How a view tells its element that the server refused what the host asked for (an id of another
 * school, a class not in the task): the element replaces the view by the server's message, so nothing
 * fetched for an earlier id stays on screen. Reset when the ids, the user or the token change.
 */
export const RefusalContext = createContext<(error: ApiError) => void>(() => undefined);

export const useRefuse = () => useContext(RefusalContext);

/** An answer that refuses the request (not a lost connection, an abort, or a refused token: those have their own paths). */
export const isRefusal = (error: unknown): error is ApiError => error instanceof ApiError && error.status > 0 && error.status !== 401;

/** Wraps the read that loads what the element is about: its refusal replaces the view. */
export function refusable<A extends unknown[], R>(refuse: (error: ApiError) => void, read: (...args: A) => Promise<R>) {
  return async (...args: A): Promise<R> => {
    try {
      return await read(...args);
    } catch (error) {
      if (isRefusal(error)) refuse(error);
      throw error;
    }
  };
}

/** The user a zhipi token names (`uid`, unverified: only to tell a renewal from a user switch); null when unreadable. */
export function tokenUser(token: string): number | null {
  try {
    const part = token.split('.')[1] ?? '';
    const payload = JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { uid?: unknown };
    return typeof payload.uid === 'number' ? payload.uid : null;
  } catch {
    return null;
  }
}
