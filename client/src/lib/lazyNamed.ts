import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a named export, so route modules keep ordinary named components. */
export function lazyNamed<K extends string, M extends Record<K, ComponentType>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}
