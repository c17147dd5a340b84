import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { rememberReturnPath } from '@/shared/session/returnPath';
import { renderPage } from '@/shared/test/renderRoutes';
import LoginLinkPage from './LoginLinkPage';

const loginWithLink = vi.fn();
vi.mock('@/shared/session', () => ({
  loginWithLink: (...args: unknown[]) => loginWithLink(...args),
}));

const page = { path: '/user/login-link/$token', url: '/user/login-link/tok-123' };

describe('LoginLinkPage', () => {
  beforeEach(() => {
    loginWithLink.mockReset();
  });

  it('uses nothing when it opens, and signs in on the button, then goes to the home page', async () => {
    loginWithLink.mockResolvedValue({ id: 1 });
    await renderPage(LoginLinkPage, page);
    expect(await screen.findByRole('heading', { name: 'Sign in with your link' })).toBeVisible();
    expect(loginWithLink).not.toHaveBeenCalled();

    const user = userEvent.setup();
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(loginWithLink).toHaveBeenCalledWith({ token: 'tok-123', remember: true });
    expect(await screen.findByTestId('navigated-elsewhere')).toBeInTheDocument();
  });

  it('goes to the page asked for before the link was mailed (remembered on this device)', async () => {
    loginWithLink.mockResolvedValue({ id: 1 });
    rememberReturnPath('/records/7/profile');
    onTestFinished(() => window.localStorage.clear());
    const { router } = await renderPage(LoginLinkPage, page);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByTestId('navigated-elsewhere')).toBeInTheDocument();
    expect(router.state.location.href).toBe('/records/7/profile');
  });

  it('says in the alert when the link is dead', async () => {
    const message = 'This sign-in link is invalid, has expired or has already been used.';
    loginWithLink.mockRejectedValue(
      new ApiError(422, message, { message, errors: { token: [message] } }),
    );
    await renderPage(LoginLinkPage, page);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByTestId('navigated-elsewhere')).toBeNull();
  });
});
