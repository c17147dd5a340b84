import { queryOptions } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '@/shared/test/renderRoutes';
import RegisterPage from './RegisterPage';
import type * as ApiClient from '@/shared/api/client';

const post = vi.fn();
vi.mock('@/shared/api/client', async (importOriginal) => ({
  ...(await importOriginal<typeof ApiClient>()),
  api: { post: (...args: unknown[]) => post(...args) },
}));
vi.mock('@/shared/session', () => ({
  enterSession: vi.fn(),
  appStateQuery: queryOptions({
    queryKey: ['app-state'],
    queryFn: async () => ({ needs_setup: false, registration_enabled: true }),
  }),
}));

describe('RegisterPage', () => {
  it('refuses mismatching passwords without calling the server', async () => {
    await renderPage(RegisterPage, { path: '/register' });
    const user = userEvent.setup();

    await user.type(await screen.findByLabelText(/^name/i), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/email address/i), 'ada@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'correct-horse');
    await user.type(screen.getByLabelText(/confirm the password/i), 'correct-horsf');
    await user.click(screen.getByRole('button', { name: 'Create my account' }));

    const confirmation = screen.getByLabelText(/confirm the password/i);
    expect(await screen.findByText('The two passwords do not match.')).toBeInTheDocument();
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(confirmation).toHaveFocus();
    expect(post).not.toHaveBeenCalled();
  });
});
