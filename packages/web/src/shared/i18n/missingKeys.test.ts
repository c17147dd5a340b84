import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createMissingKeyReporter } from './missingKeys';

describe('missing-key reporter', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const setup = (enabled = true, known: string[] = []) => {
    const sent: string[] = [];
    const state = { enabled };
    const reporter = createMissingKeyReporter({
      send: (key) => {
        sent.push(key);
        return Promise.resolve();
      },
      isEnabled: () => state.enabled,
      isKnown: (key) => known.includes(key),
    });
    return { sent, state, reporter };
  };

  it('waits 1000 ms after the last key, then sends the batch one key per request', async () => {
    const { sent, reporter } = setup();
    reporter.report('common:a');
    await vi.advanceTimersByTimeAsync(600);
    reporter.report('layout:nav.b');
    await vi.advanceTimersByTimeAsync(999);
    expect(sent).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual(['common:a', 'layout:nav.b']);
  });

  it('never sends the same key twice in a session', async () => {
    const { sent, reporter } = setup();
    reporter.report('common:a');
    reporter.report('common:a');
    await vi.advanceTimersByTimeAsync(1000);
    reporter.report('common:a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['common:a']);
    reporter.reset();
    reporter.report('common:a');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['common:a', 'common:a']);
  });

  it('reports nothing when logged out, nor keys the server has or could not store', async () => {
    const { sent, reporter, state } = setup(false, ['common:known']);
    reporter.report('common:a');
    state.enabled = true;
    reporter.report('common:known');
    reporter.report('common:not a key');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([]);
  });

  it('reports only keys the app ships (the server refuses others)', async () => {
    const sent: string[] = [];
    const reporter = createMissingKeyReporter({
      send: (key) => {
        sent.push(key);
        return Promise.resolve();
      },
      isEnabled: () => true,
      isShipped: (key) => key === 'common:shipped',
    });
    reporter.report('common:typo');
    reporter.report('common:shipped');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['common:shipped']);
  });

  it('drops the batch when the user logged out before it left, and keeps going after a failure', async () => {
    const sent: string[] = [];
    const state = { enabled: true };
    const reporter = createMissingKeyReporter({
      send: (key) => {
        sent.push(key);
        return key === 'common:a' ? Promise.reject(new Error('429')) : Promise.resolve();
      },
      isEnabled: () => state.enabled,
    });
    reporter.report('common:x');
    state.enabled = false;
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual([]);
    state.enabled = true;
    reporter.report('common:a');
    reporter.report('common:x');
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['common:a', 'common:x']);
  });
});
