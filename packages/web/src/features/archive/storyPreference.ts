/** Where the archive lists remember "one entry per story" (this browser). */
export const STORY_PREFERENCE_KEY = 'kinfolio-list-stories';

/**
 * Whether the archive lists show one entry per story when the address does not say: yes unless
 * the person turned it off (the same post in three languages is one story).
 */
export function readStoryPreference(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORY_PREFERENCE_KEY) !== '0';
  } catch {
    // Storage refused (private mode, policy): the default.
    return true;
  }
}

/** Remembers the person's choice for the next lists. */
export function writeStoryPreference(on: boolean): void {
  try {
    globalThis.localStorage?.setItem(STORY_PREFERENCE_KEY, on ? '1' : '0');
  } catch {
    // Not remembered: the address still carries the choice.
  }
}
