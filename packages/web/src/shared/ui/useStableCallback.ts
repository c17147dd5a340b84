import { useCallback, useLayoutEffect, useRef } from 'react';

/**
 * A function with one identity for the component's life that calls the latest `callback`: handed
 * to memoised rows, it does not make every row render again each time the list does. For events,
 * not for calling during render (it would call the previous render's callback).
 */
export function useStableCallback<Args extends unknown[], Result>(
  callback: (...args: Args) => Result,
): (...args: Args) => Result {
  const latest = useRef(callback);
  useLayoutEffect(() => {
    latest.current = callback;
  });
  return useCallback((...args: Args) => latest.current(...args), []);
}
