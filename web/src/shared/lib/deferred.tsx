import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A component whose code is fetched the first time it renders, so what only some screens use (the rich-text
 * editor, drag and drop) stays out of the bundle every page loads. It renders nothing while its code arrives.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => ({ default: await load() }));
  function Deferred(props: P) {
    return (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    );
  }
  return Deferred;
}
