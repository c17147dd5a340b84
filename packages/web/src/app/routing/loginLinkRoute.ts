import { createRoute, type AnyRoute } from '@tanstack/react-router';
import { guard, runValidate } from './guards';
import { lazyPage } from './lazyPage';

/**
 * `/user/login-link/$token`: where a mailed one-time sign-in link lands (logged-out only). The
 * page spends the token on its button, never on opening.
 */
export function loginLinkRoute<R extends AnyRoute>(parent: () => R) {
  return createRoute({
    getParentRoute: parent,
    path: '/user/login-link/$token',
    staticData: { guard: 'guest' },
    beforeLoad: async ({ params }) => {
      runValidate((p: { token: string }) => p.token.length > 0 && p.token.length <= 200, params);
      await guard('guest')();
    },
    component: lazyPage(() => import('@/features/auth/pages/LoginLinkPage')),
  });
}
