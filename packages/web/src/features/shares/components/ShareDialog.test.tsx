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

/** GET /api/shares for the target: the links already made. */
const page = (data: unknown[]) => ({
  body: {
    data,
    meta: { current_page: 1, last_page: 1, per_page: 100, total: data.length, from: 1, to: 1 },
    links: { first: null, last: null, prev: null, next: null },
  },
});

const EXISTING = {
  id: 9,
  target_type: 'records',
  target_id: 4,
  target_title: 'Grand-mère raconte',
  selection_size: null,
  label: 'Pour Lucia',
  expires_at: '2030-01-01T10:00:00.000Z',
  expired: false,
  has_password: true,
  show_names: true,
  allow_download: false,
  include_translations: true,
  views: 3,
  last_viewed_at: null,
  created_by: { id: 1, name: 'Anna' },
  created_at: '2029-12-01T10:00:00.000Z',
  updated_at: '2029-12-01T10:00:00.000Z',
  revoked: false,
  revoked_at: null,
};

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
    server.reply(page([]), {
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
    // Too short: refused before sending (the one call is the list of links already made).
    expect(await screen.findByText('At least 4 characters.')).toBeInTheDocument();
    expect(server.apiCalls().map((call) => call.method)).toEqual(['GET']);
    expect(server.apiCalls()[0]?.url).toContain('target_type=records');
    expect(screen.queryByText(/already exist/)).not.toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Password (optional)'), 'd');
    const before = Date.now();
    await userEvent.click(screen.getByRole('button', { name: 'Create the link' }));

    expect(await screen.findByDisplayValue(URL)).toBeInTheDocument();
    expect(screen.getByText(/it is shown only this once/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR code of the link' })).toHaveAttribute(
      'src',
      'data:image/png;base64,QR',
    );
    const sent = server.apiCalls().find((call) => call.method === 'POST');
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

  it('lists the links already made for the entry, and revokes one after asking', async () => {
    server.reply(
      page([EXISTING, { ...EXISTING, id: 10, revoked: true }]),
      { status: 204 },
      page([]),
    );
    await renderRoutes({ '/': ShareDialog }, '/');
    act(() => openShare({ target_type: 'records', target_id: 4, title: 'Grand-mère raconte' }));

    // The dialog's list loads beside the dialog's own code (slow on a busy machine).
    expect(
      await screen.findByText('A link already exists for this', undefined, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Pour Lucia')).toBeInTheDocument();
    expect(screen.getByText(/3 views/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Revoke the link “Pour Lucia”' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke' }));
    await waitFor(() =>
      expect(server.apiCalls().some((call) => call.method === 'DELETE')).toBe(true),
    );
    expect(server.apiCalls().find((call) => call.method === 'DELETE')?.url).toBe('/api/shares/9');
    await waitFor(() =>
      expect(screen.queryByText('A link already exists for this')).not.toBeInTheDocument(),
    );
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
