// A tool's inputs (the picked file, the painted mask) outlive its page, like its job does
// (features/jobs): wandering to the dashboard and back shows what the job was run on.
// Per user: a sign-in or sign-out forgets everything.
import { useCallback, useState, type SetStateAction } from 'react';
import { onSessionReset } from './apollo';

const remembered = new Map<string, unknown>();
onSessionReset(() => remembered.clear());

/** useState whose value is kept under `key` when the page unmounts and restored when it comes back. */
export function useRememberedState<T>(key: string, initial: T): [T, (next: SetStateAction<T>) => void] {
  const [value, setValue] = useState<T>(() => (remembered.has(key) ? (remembered.get(key) as T) : initial));
  const set = useCallback(
    (next: SetStateAction<T>) =>
      setValue((prev) => {
        const value = typeof next === 'function' ? (next as (prev: T) => T)(prev) : next;
        remembered.set(key, value);
        return value;
      }),
    [key],
  );
  return [value, set];
}
