import {
  buildPath,
  routeIndex,
  type InputOf as Input,
  type ResponseOf,
  type RouteName,
  type routes,
} from '@kinfolio/contract';
import { request, type QueryValue, type RequestOptions } from './client';

type Routes = typeof routes;

/** What calling route N takes: its path parameters, query and body, as the contract declares them. */
export type CallInput<N extends RouteName> = (Routes[N] extends { params: infer P }
  ? { params: Input<P> }
  : { params?: never }) &
  (Routes[N] extends { query: infer Q } ? { query?: Input<Q> } : { query?: never }) &
  (Routes[N] extends { body: infer B } ? { body: Input<B> } : { body?: never });

/** What route N answers on success (for a union of names, the union of their answers). */
export type CallResult<N extends RouteName> = N extends RouteName ? ResponseOf<Routes[N]> : never;

/** Whether a route needs an input object (path parameters or a body). */
type NeedsInput<N extends RouteName> = Routes[N] extends { params: unknown }
  ? true
  : Routes[N] extends { body: unknown }
    ? true
    : false;

type CallArgs<N extends RouteName> =
  NeedsInput<N> extends true
    ? [input: CallInput<N>, options?: Omit<RequestOptions, 'query'>]
    : [input?: CallInput<N>, options?: Omit<RequestOptions, 'query'>];

/**
 * Calls a route of the contract's table by name: its method and path come from the route index
 * (no schema loaded), its inputs and answer are typed by the table.
 *
 * `call('tagUpdate', { params: { id: 3 }, body: { name: { fr: 'Vacances' } } })`
 */
export function call<N extends RouteName>(name: N, ...args: CallArgs<N>): Promise<CallResult<N>> {
  const [input, options] = args as [CallInput<N> | undefined, RequestOptions | undefined];
  const [method, path] = routeIndex[name];
  const params = (input?.params ?? {}) as Record<string, string | number>;
  return request<CallResult<N>>(method, buildPath(path, params), input?.body, {
    ...options,
    query: input?.query as Record<string, QueryValue> | undefined,
  });
}

/** Routes that take a multipart upload instead of a JSON body (their table entry has no body). */
export type UploadRouteName = 'updateUserImage' | 'updateUserSitepicture' | 'backupRestore';

/** Sends a multipart form to an upload route of the table; the answer is typed as for `call`. */
export function callWithForm<N extends UploadRouteName>(
  name: N,
  form: FormData,
  options?: Omit<RequestOptions, 'query'>,
): Promise<CallResult<N>> {
  const [method, path] = routeIndex[name];
  return request<CallResult<N>>(method, path, form, options);
}
