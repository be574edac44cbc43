import { createElement, lazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loaded<C> = { default: C };

/** Each lazyNamed component's loader, by its export name (main.tsx loads a prerendered page's before hydrating it). */
const loaders = new Map<string, () => Promise<unknown>>();
/** Build time: the names of the lazyNamed components rendered since recordLazyRenders was given this set. */
let rendered: Set<string> | null = null;

/** Build time (client/src/prerender.tsx): note which lazyNamed components render from now on; null stops. */
export function recordLazyRenders(into: Set<string> | null): void {
  rendered = into;
}

/** Loads the named lazy components' code; once loaded they render at once, without suspending. */
export function preloadLazy(names: string[]): Promise<unknown> {
  return Promise.all(names.map((name) => loaders.get(name)?.()));
}

/**
 * React.lazy for a named export, so route modules keep ordinary named components. Once its
 * code has loaded (by a render or by preloadLazy), a fresh render of it does not suspend:
 * React reads an already-settled answer, so hydrating a prerendered page finds every part.
 */
export function lazyNamed<K extends string, M extends Record<K, ComponentType>>(load: () => Promise<M>, name: K): LazyExoticComponent<M[K]> {
  let loaded: Loaded<M[K]> | undefined;
  let loading: Promise<Loaded<M[K]>> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      const Component = module[name] as ComponentType<object>;
      // A thin wrapper that notes the render for the build's record (a no-op in the browser).
      const Recorded = (props: object) => {
        rendered?.add(name);
        return createElement(Component, props);
      };
      loaded = { default: Recorded as M[K] };
      return loaded;
    }));
  // An export name stands for its component; a module evaluated again (tests) simply replaces it.
  loaders.set(name, preload);
  return lazy(() => {
    if (!loaded) return preload();
    // A thenable that answers at once: React's lazy takes the component in the same render.
    const settled = loaded;
    return { then: (resolve: (value: Loaded<M[K]>) => void) => resolve(settled) } as unknown as Promise<Loaded<M[K]>>;
  });
}
