import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@/shared/i18n';
import { showToast, toast } from './toast';
import { INTENT_COLORS, toastNotice } from './toastOptions';

describe('toastNotice', () => {
  it('defaults to a 4000 ms timeout', () => {
    expect(toastNotice('info', 'Hello').timeout).toBe(4000);
    expect(toastNotice('info', 'Hello', undefined, 0).timeout).toBe(4000);
    expect(toastNotice('info', 'Hello', undefined, -5).timeout).toBe(4000);
  });

  it('keeps an explicit timeout such as the 10 000 ms of server messages', () => {
    expect(toastNotice('success', 'Saved', undefined, 10_000).timeout).toBe(10_000);
  });

  it('carries title, intent and a message that differs from the title, with a unique id', () => {
    const a = toastNotice('error', 'Failed', 'Try again');
    const b = toastNotice('error', 'Failed', 'Failed');
    expect(a).toMatchObject({ title: 'Failed', message: 'Try again', intent: 'error' });
    expect(b).not.toHaveProperty('message');
    expect(a.id).not.toBe(b.id);
  });

  it('has a distinct colour for each of the four intents', () => {
    expect(Object.keys(INTENT_COLORS).sort()).toEqual(['error', 'info', 'success', 'warning']);
    expect(new Set(Object.values(INTENT_COLORS)).size).toBe(4);
  });
});

describe('showToast', () => {
  beforeAll(async () => {
    await i18n.changeLanguage('en');
  });

  beforeEach(() => {
    vi.useFakeTimers();
    render(
      <MantineProvider>
        <Notifications />
      </MantineProvider>,
    );
  });

  afterEach(() => {
    act(() => {
      notifications.clean();
      vi.runOnlyPendingTimers();
    });
    vi.useRealTimers();
  });

  const advance = (ms: number) =>
    act(() => {
      vi.advanceTimersByTime(ms);
    });
  /** Lets the 250 ms exit transition, scheduled once React has rendered the hide, run out. */
  const finishExit = () => advance(300);

  it('shows title and message, and disappears after the default 4000 ms', () => {
    act(() => {
      toast.info('Heads up', 'Something changed');
    });
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    expect(screen.getByText('Something changed')).toBeInTheDocument();
    advance(3_900);
    expect(screen.getByText('Heads up')).toBeInTheDocument();
    advance(100);
    finishExit();
    expect(screen.queryByText('Heads up')).not.toBeInTheDocument();
  });

  it('honours a longer timeout', () => {
    act(() => {
      showToast('success', 'Saved on the server', undefined, 10_000);
    });
    advance(5_000);
    expect(screen.getByText('Saved on the server')).toBeInTheDocument();
    advance(5_000);
    finishExit();
    expect(screen.queryByText('Saved on the server')).not.toBeInTheDocument();
  });

  it('pauses while hovered and resumes on leaving', () => {
    act(() => {
      toast.warning('Hover me');
    });
    const notice = screen.getByText('Hover me');
    fireEvent.mouseEnter(notice.closest('.mantine-Notification-root') ?? notice);
    advance(8_000);
    expect(screen.getByText('Hover me')).toBeInTheDocument();
    fireEvent.mouseLeave(notice.closest('.mantine-Notification-root') ?? notice);
    advance(4_000);
    finishExit();
    expect(screen.queryByText('Hover me')).not.toBeInTheDocument();
  });

  it('is dismissed by a click on it', () => {
    act(() => {
      toast.success('Click me');
    });
    fireEvent.click(screen.getByText('Click me'));
    finishExit();
    expect(screen.queryByText('Click me')).not.toBeInTheDocument();
  });

  it('is dismissed by its labelled close icon', () => {
    act(() => {
      toast.error('Close me', 'Details');
    });
    const alert = screen.getByRole('alert');
    fireEvent.click(within(alert).getByRole('button', { name: 'Close notification' }));
    finishExit();
    expect(screen.queryByText('Close me')).not.toBeInTheDocument();
  });

  it('announces errors and warnings as alerts, info and success as status', () => {
    act(() => {
      toast.error('E');
      toast.warning('W');
      toast.info('I');
      toast.success('S');
    });
    expect(screen.getAllByRole('alert').map((el) => el.textContent)).toEqual(
      expect.arrayContaining([expect.stringContaining('E'), expect.stringContaining('W')]),
    );
    expect(screen.getAllByRole('alert')).toHaveLength(2);
    expect(screen.getAllByRole('status')).toHaveLength(2);
  });
});
