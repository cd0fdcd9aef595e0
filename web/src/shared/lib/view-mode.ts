import { useSyncExternalStore } from 'react';
import type { ViewMode } from '../ui/view-mode-toggle.tsx';

const VIEW_MODE_STORAGE_KEY = 'albumViewMode';
/** What the server renders, knowing nothing of this browser's choice. */
const SERVER_VIEW_MODE: ViewMode = 'grid';

/** The saved grid/list choice; anything but exactly "grid" or "list" in storage is ignored. */
export function readViewMode(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ViewMode {
  try {
    const stored = storage?.getItem(VIEW_MODE_STORAGE_KEY);
    return stored === 'list' || stored === 'grid' ? stored : 'grid';
  } catch {
    return 'grid';
  }
}

/** This browser's choice, read from storage once, then kept here (it holds for the visit if storage is disabled). */
let chosen: ViewMode | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // A choice made in another tab.
  const fromAnotherTab = (event: StorageEvent) => {
    if (event.key !== VIEW_MODE_STORAGE_KEY) return;
    chosen = undefined;
    listener();
  };
  window.addEventListener('storage', fromAnotherTab);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', fromAnotherTab);
  };
}

/**
 * Grid or list for album views, remembered across visits under the `albumViewMode` key. A page the server rendered is
 * taken over in the grid it was sent in, then shown in the saved choice: reading the choice during that first render
 * made a page the server had sent in grid differ from the browser's, and React rendered the whole page again.
 */
export function useAlbumViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const mode = useSyncExternalStore(
    subscribe,
    () => (chosen ??= readViewMode()),
    () => SERVER_VIEW_MODE,
  );
  const update = (next: ViewMode) => {
    chosen = next;
    try {
      localStorage.setItem(VIEW_MODE_STORAGE_KEY, next);
    } catch {
      // Storage can be full or disabled; the choice still holds for this visit.
    }
    for (const listener of listeners) listener();
  };
  return [mode, update];
}
