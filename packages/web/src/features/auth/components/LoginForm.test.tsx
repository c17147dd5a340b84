import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/shared/api/client';
import { renderPage } from '@/shared/test/renderRoutes';
import { LoginForm } from './LoginForm';

const login = vi.fn();
vi.mock('@/shared/session', () => ({ useSession: () => ({ login }) }));
const call = vi.fn();
vi.mock('@/shared/api/call', () => ({ call: (...args: unknown[]) => call(...args) }));

const submitted = {} as { router: Awaited<ReturnType<typeof renderPage>>['router'] };

/** Opens the form and logs in as Ada with this password; the user for what follows. */
async function submitLogin(password: string, url = '/') {
  const { router } = await renderPage(LoginForm, { url });
  submitted.router = router;
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/email address/i), 'ada@example.com');
  await user.type(screen.getByLabelText(/^password/i), password);
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  return user;
}

describe('LoginForm', () => {
  // A block body: a function returned from beforeEach would run as a teardown hook.
  beforeEach(() => {
    login.mockReset();
    call.mockReset();
  });

  it('shows the server message under the email field after a wrong password, and no link offer', async () => {
    const message = 'These credentials do not match our records.';
    login.mockRejectedValue(new ApiError(422, message, { message, errors: { email: [message] } }));
    await renderPage(LoginForm);
    const user = userEvent.setup();

    await user.type(screen.getByLabelText(/email address/i), 'ada@example.com');
    await user.type(screen.getByLabelText(/^password/i), 'wrong-password');
    await user.keyboard('{Enter}');

    const email = screen.getByLabelText(/email address/i);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(message);
    expect(email).toHaveFocus();
    expect(login).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'wrong-password',
      remember: false,
    });
    expect(screen.queryByRole('button', { name: 'E-mail me a sign-in link' })).toBeNull();
  });

  it('goes to the page asked for before the login, else to the archive', async () => {
    login.mockResolvedValue({});
    await submitLogin('right-password-1', '/?redirect=%2Frecords%2F12%2Fprofile%3Ftab%3D2');
    expect(await screen.findByTestId('navigated-elsewhere')).toBeInTheDocument();
    expect(submitted.router.state.location.href).toBe('/records/12/profile?tab=2');
  });

  it('ignores a redirect to another site or back to the login', async () => {
    login.mockResolvedValue({});
    for (const target of ['https://evil.com/x', '//evil.com', '/\\evil.com', '/api/users', '/']) {
      cleanup();
      await submitLogin('right-password-1', `/?redirect=${encodeURIComponent(target)}`);
      expect(await screen.findByTestId('navigated-elsewhere')).toBeInTheDocument();
      expect(submitted.router.state.location.href, target).toBe('/posts');
    }
  });

  it('shows the throttling message of a 429 above the form', async () => {
    const message = 'Too many login attempts. Please try again in 60 seconds.';
    login.mockRejectedValue(new ApiError(429, message, { message }));
    await submitLogin('whatever1');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
  });

  it('offers a sign-in link by mail once refused for too many attempts, for the typed address', async () => {
    const message = 'Too many login attempts. Please try again in 900 seconds.';
    login.mockRejectedValue(new ApiError(429, message, { message }));
    call.mockResolvedValue(undefined);
    const user = await submitLogin('whatever1');
    await user.click(await screen.findByRole('button', { name: 'E-mail me a sign-in link' }));

    expect(call).toHaveBeenCalledWith(
      'loginLink',
      { body: { email: 'ada@example.com' } },
      expect.objectContaining({ silent: true }),
    );
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If ada@example.com belongs to an account with a verified address, a sign-in link is on its way.',
    );
    expect(screen.queryByRole('button', { name: 'E-mail me a sign-in link' })).toBeNull();
  });

  it('says why a sign-in link could not be asked for', async () => {
    login.mockRejectedValue(new ApiError(429, 'Too many login attempts.', {}));
    call.mockRejectedValue(new ApiError(429, 'Too many requests. Please try again in 60 seconds.'));
    const user = await submitLogin('whatever1');
    await user.click(await screen.findByRole('button', { name: 'E-mail me a sign-in link' }));
    expect(
      await screen.findByText('Too many requests. Please try again in 60 seconds.'),
    ).toBeInTheDocument();
  });

  it('validates on the client before calling the server', async () => {
    await renderPage(LoginForm);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(login).not.toHaveBeenCalled();
  });
});
