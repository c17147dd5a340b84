import { useSyncExternalStore } from 'react';

/**
 * The share page's answers from the server, kept in memory for the page's life (never in the
 * app's offline copy): a few lines in place of a query library. Each answer is asked once; a
 * refusal is kept as well, so showing the page again never asks a wrong token twice (each ask
 * counts as a guess). Unlocking a link forgets its answers (`forget`), which asks them again.
 */
interface Entry {
  promise: Promise<void>;
  data?: unknown;
  error?: unknown;
  done: boolean;
}

const entries = new Map<string, Entry>();
const listeners = new Set<() => void>();
/** Moves on each change the page must see; React compares it after subscribing too. */
let version = 0;

function changed(): void {
  version++;
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

function start(key: string, load: () => Promise<unknown>): Entry {
  const entry: Entry = { done: false, promise: Promise.resolve() };
  entry.promise = load().then(
    (data) => {
      entry.data = data;
    },
    (error: unknown) => {
      entry.error = error ?? new Error('failed');
    },
  );
  void entry.promise.then(() => {
    entry.done = true;
    // Only the entry still named by its key tells the page (not one forgotten meanwhile).
    if (entries.get(key) === entry) changed();
  });
  entries.set(key, entry);
  return entry;
}

/** Starts loading an answer ahead of the component that shows it (the entry does, at once). */
export function prefetch(key: string, load: () => Promise<unknown>): void {
  if (!entries.has(key)) start(key, load);
}

/** Forgets every answer whose key starts with the prefix; the page asks them again. */
export function forget(prefix: string): void {
  for (const key of [...entries.keys()]) if (key.startsWith(prefix)) entries.delete(key);
  changed();
}

export interface Resource<T> {
  data: T | undefined;
  error: unknown;
}

/** An answer by its key (null: none wanted), loaded on first use. */
export function useResource<T>(key: string | null, load: () => Promise<T>): Resource<T> {
  // Not a listener added in an effect: an answer landing between the render and the effect (a
  // fast 404 of a revoked link) was never shown, the page kept spinning.
  useSyncExternalStore(subscribe, () => version);
  let entry = key === null ? undefined : entries.get(key);
  // Asked during render, so the answer is on its way before anything is drawn (and asked again
  // at once after `forget`).
  if (key !== null && !entry) entry = start(key, load);
  return entry?.done
    ? { data: entry.data as T | undefined, error: entry.error }
    : { data: undefined, error: undefined };
}
