import { afterEach, describe, expect, it } from 'vitest';
import { readStoryPreference, STORY_PREFERENCE_KEY, writeStoryPreference } from './storyPreference';

describe('one entry per story, remembered', () => {
  afterEach(() => localStorage.removeItem(STORY_PREFERENCE_KEY));

  it('is on by default', () => {
    expect(readStoryPreference()).toBe(true);
  });

  it('remembers the last choice', () => {
    writeStoryPreference(false);
    expect(readStoryPreference()).toBe(false);
    writeStoryPreference(true);
    expect(readStoryPreference()).toBe(true);
  });
});
