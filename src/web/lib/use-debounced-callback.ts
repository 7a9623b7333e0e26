import { useCallback, useEffect, useRef } from 'react';
import { debounce, type Debounced } from './debounce';

/**
 * `fn` debounced by `ms`, for event handlers; the call that finally runs is the latest render's
 * `fn`, and a call still pending when the component unmounts is dropped.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, ms: number) {
  const latest = useRef(fn);
  const debounced = useRef<Debounced<A> | null>(null);
  useEffect(() => {
    latest.current = fn;
  });
  useEffect(() => {
    const instance = debounce((...args: A) => latest.current(...args), ms);
    debounced.current = instance;
    return () => instance.cancel();
  }, [ms]);
  return useCallback((...args: A) => debounced.current?.(...args), []);
}
