import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { closeShare, openShare } from '@/shared/share/request';
import { clearCookies, stubFetch } from '@/shared/test/fetchStub';
import { renderRoutes } from '@/shared/test/renderRoutes';
import ShareDialog, { createBody } from './ShareDialog';

vi.mock('qrcode', () => ({
  default: { toDataURL: vi.fn(async () => 'data:image/png;base64,QR') },
}));

const URL = 'http://localhost:3000/s/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

describe('ShareDialog', () => {
  let server: ReturnType<typeof stubFetch>;
  beforeEach(() => {
    clearCookies();
    server = stubFetch();
  });
  afterEach(() => {
    closeShare();
    vi.unstubAllGlobals();
  });

  it('makes a link with the chosen expiry, password and options, then shows it once with a QR code', async () => {
    server.reply({
      status: 201,
      body: { message: 'Link made', id: 3, token: 'abc', url: URL, share: {} },
    });
    await renderRoutes({ '/': ShareDialog }, '/');
    act(() => openShare({ target_type: 'records', target_id: 4, title: 'Grand-mère raconte' }));

    expect(
      await screen.findByRole('dialog', { name: 'Share “Grand-mère raconte”' }),
    ).toBeInTheDocument();
    await userEvent.click(screen.getByRole('radio', { name: '1 week' }));
    await userEvent.type(screen.getByLabelText('Password (optional)'), 'abc');
    await userEvent.click(
      screen.getByRole('checkbox', { name: 'Allow downloading the original files' }),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Create the link' }));
    // Too short: refused before sending.
    expect(await screen.findByText('At least 4 characters.')).toBeInTheDocument();
    expect(server.apiCalls()).toHaveLength(0);

    await userEvent.type(screen.getByLabelText('Password (optional)'), 'd');
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Create the link' }));

    expect(await screen.findByDisplayValue(URL)).toBeInTheDocument();
    expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code of the link' })).toHaveAttribute(
      'src',
      'data:image/png;base64,QR',
    );
    const [sent] = server.apiCalls();
    expect(sent?.url).toBe('/api/shares');
    const body = JSON.parse(String(sent?.body)) as Record<string, unknown>;
    expect(body).toMatchObject({
      target_type: 'records',
      target_id: 4,
      password: 'abcd',
      show_names: true,
      allow_download: true,
      include_translations: true,
    });
    const week = Date.parse(String(body.expires_at)) - before;
    expect(week).toBeGreaterThan(7 * 86_400_000 - 60_000);
    expect(week).toBeLessThan(7 * 86_400_000 + 60_000);
    expect(body).not.toHaveProperty('title');

    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('shares a selection by its ids, with no end and no password', () => {
    const body = createBody(
      { target_type: 'selection', record_ids: [1, 2], title: '2 selected entries' },
      {
        expiry: 'never',
        password: '',
        removePassword: false,
        show_names: false,
        allow_download: false,
        include_translations: true,
        label: '  Summer ',
      },
    );
    expect(body).toEqual({
      target_type: 'selection',
      record_ids: [1, 2],
      expires_at: null,
      show_names: false,
      allow_download: false,
      include_translations: true,
      label: 'Summer',
    });
  });
});
