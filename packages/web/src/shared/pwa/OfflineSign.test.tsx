import { onlineManager } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { OfflineSign } from './OfflineSign';

describe('the offline sign', () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
  });

  it('says "offline" in a status region while offline, and nothing once back online', async () => {
    await act(() => i18n.changeLanguage('fr'));
    render(<OfflineSign />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    act(() => onlineManager.setOnline(false));
    expect(status.textContent).toContain('Hors ligne');
    expect(status.textContent).toContain('Vous lisez ce que cet appareil a gardé');

    act(() => onlineManager.setOnline(true));
    expect(status.textContent).toBe('');
  });

  it('speaks the interface language', async () => {
    await act(() => i18n.changeLanguage('de'));
    act(() => onlineManager.setOnline(false));
    render(<OfflineSign />);
    expect(screen.getByRole('status').textContent).toContain('Offline');
    expect(screen.getByRole('status').textContent).toContain('Sie lesen');
  });
});
