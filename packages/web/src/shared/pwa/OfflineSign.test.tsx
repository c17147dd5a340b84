import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/shared/i18n';
import { OfflineSign } from './OfflineSign';

/** A page's archive read (kept by the offline copy), with or without an answer already. */
function Page({ cached }: { cached: boolean }) {
  useQuery({
    queryKey: ['items', 'post', 'single', cached ? 1 : 2],
    queryFn: () => Promise.resolve({ id: 1 }),
    meta: { persist: true },
  });
  return null;
}

function renderSign(page?: { cached: boolean }) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(['items', 'post', 'single', 1], { id: 1 });
  return render(
    <QueryClientProvider client={queryClient}>
      {page ? <Page cached={page.cached} /> : null}
      <OfflineSign queryClient={queryClient} />
    </QueryClientProvider>,
  );
}

describe('the offline sign', () => {
  afterEach(() => {
    act(() => onlineManager.setOnline(true));
  });

  it('says "offline" in a status region while offline, and nothing once back online', async () => {
    await act(() => i18n.changeLanguage('fr'));
    renderSign();
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');

    act(() => onlineManager.setOnline(false));
    expect(status.textContent).toContain('Hors ligne');
    expect(status.textContent).toContain('Vous lisez ce que cet appareil a gardé');
    // The page's foot scrolls clear of the sign.
    expect(document.body.classList.contains('kf-offline')).toBe(true);

    act(() => onlineManager.setOnline(true));
    expect(status.textContent).toBe('');
    expect(document.body.classList.contains('kf-offline')).toBe(false);
  });

  it('speaks the interface language', async () => {
    await act(() => i18n.changeLanguage('de'));
    act(() => onlineManager.setOnline(false));
    renderSign();
    expect(screen.getByRole('status').textContent).toContain('Offline');
    expect(screen.getByRole('status').textContent).toContain('Sie lesen');
  });

  it('says the page was not kept when its read waits for the network, not when it was kept', async () => {
    await act(() => i18n.changeLanguage('fr'));
    act(() => onlineManager.setOnline(false));
    const kept = renderSign({ cached: true });
    expect(screen.getByRole('status').textContent).not.toContain('pas été gardée');
    kept.unmount();

    renderSign({ cached: false });
    expect(await screen.findByText(/Cette page n’a pas été gardée/)).toBeTruthy();
  });
});
