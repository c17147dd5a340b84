import { routePath } from '@kinfolio/contract';
import { call } from '@/shared/api/call';

/** The social login providers the server has configured (login form, profile). */
export const authProvidersQuery = {
  queryKey: ['auth-providers'] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    call('authProviders', {}, { signal, validationCheck: true }),
  staleTime: 5 * 60_000,
};

/** Where the browser goes to log in (or, logged in, to link) through a provider. */
export function providerLoginHref(provider: string, remember = false): string {
  return routePath('authLogin', {
    params: { provider },
    query: { remember: remember ? '1' : undefined },
  });
}
