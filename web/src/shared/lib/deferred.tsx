import { createContext, lazy, useContext, useState, type ComponentType, type ReactNode } from 'react';
import { HydratesApart } from './hydrates-apart.tsx';

/** Every deferred part by name, with what fetches its code. */
const parts = new Map<string, () => Promise<ComponentType<never>>>();
/** Parts whose code is here: they render at once, without suspending. */
const loaded = new Map<string, ComponentType<never>>();
/**
 * Where the names of the parts that render are kept, when someone asks: the server's renderer does, per page, so the
 * browser fetches their code before it hydrates the page.
 */
export const RenderedParts = createContext<Set<string> | null>(null);

/**
 * A component whose code is fetched the first time it renders, so what only some screens use (the rich-text
 * editor, drag and drop) stays out of the bundle every page loads. It renders `fallback` (nothing, unless told)
 * while its code arrives. The name is how a page rendered on the server tells the browser which parts it showed.
 */
export function deferred<P extends object>(
  name: string,
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const fetchCode = async () => {
    const component = await load();
    loaded.set(name, component as ComponentType<never>);
    return component;
  };
  parts.set(name, fetchCode as () => Promise<ComponentType<never>>);
  const Lazy = lazy(async () => ({ default: await fetchCode() }));
  function Deferred(props: P) {
    useContext(RenderedParts)?.add(name);
    // Chosen once for each place the part is shown: once the lazy wrapper has rendered it, moving to the loaded
    // component would be another component to React, which would mount the part again and lose what it held (a review
    // form in the middle of publishing, say).
    const [Loaded] = useState(() => loaded.get(name) as ComponentType<P> | undefined);
    // Inside the same boundary either way, so a page rendered with the code and hydrated with it match. React takes the
    // boundary's content over in a pass of its own; the page is marked ready only after it (taken-over.ts).
    return <HydratesApart fallback={fallback}>{Loaded ? <Loaded {...props} /> : <Lazy {...props} />}</HydratesApart>;
  }
  return Deferred;
}

/**
 * A dialog as pages show it, closed until someone asks: nothing renders until it first opens, its code comes then
 * (`deferred`), and it stays mounted from then on, so it closes as a dialog does. Pages show many dialogs closed (a
 * report dialog beside every review and every post), and each used to bring its code and its hooks into the page.
 */
export function deferredDialog<P extends { open: boolean }>(name: string, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Part = deferred(name, load);
  function OnceOpened(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? <Part {...props} /> : null;
  }
  return OnceOpened;
}

/** Fetches a part's code now (ahead of its first render); unknown names are ignored. */
export async function loadParts(names: readonly string[]): Promise<void> {
  await Promise.all(names.map((name) => (loaded.has(name) ? undefined : parts.get(name)?.())));
}

/** Fetches every part's code (the server's renderer does, once, so no page it renders waits for code). */
export function loadAllParts(): Promise<void> {
  return loadParts([...parts.keys()]);
}
