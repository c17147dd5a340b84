import {
  useMutation,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';

/**
 * One operation of the API as a hook, with the cached answers it makes stale: each feature
 * declares its writes in a line or two, and no page refreshes a cache by hand.
 *
 * `export const useDeleteTag = mutationHook((id: number) => organisationApi.deleteTag(id),
 *   () => [organisationKeys.tags]);`
 *
 * `mutate` leaves failures to the API client (toasts, redirects); forms use `mutateAsync` to get
 * the error for their fields. The invalidation is awaited, so the fresh data is there when the
 * mutation settles, after a success or a failure.
 *
 * `fresh`, when the answer is itself the new state of a cached query (a saved item), writes it
 * there first, so a page opened next shows it without waiting for a fetch.
 */
export function mutationHook<Variables, Data>(
  send: (variables: Variables) => Promise<Data>,
  stale: (variables: Variables, data: Data | undefined) => readonly QueryKey[],
  fresh?: (queryClient: QueryClient, data: Data, variables: Variables) => void,
) {
  return function useOperation() {
    const queryClient = useQueryClient();
    return useMutation({
      mutationFn: send,
      onSuccess: fresh ? (data, variables) => fresh(queryClient, data, variables) : undefined,
      // A failure refreshes too: it often means the cached rows were out of date (a 404).
      onSettled: (data, _error, variables) =>
        Promise.all(
          stale(variables, data).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        ),
    });
  };
}
