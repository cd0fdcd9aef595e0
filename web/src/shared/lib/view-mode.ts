import { useState } from 'react';
import type { ViewMode } from '../ui/view-mode-toggle.tsx';

const VIEW_MODE_STORAGE_KEY = 'albumViewMode';

/** The saved grid/list choice; anything but exactly "grid" or "list" in storage is ignored. */
export function readViewMode(storage: Pick<Storage, 'getItem'> | undefined = globalThis.localStorage): ViewMode {
  try {
    const stored = storage?.getItem(VIEW_MODE_STORAGE_KEY);
    return stored === 'list' || stored === 'grid' ? stored : 'grid';
  } catch {
    return 'grid';
  }
}

/** Grid or list for album views, remembered across visits under the `albumViewMode` key. */
export function useAlbumViewMode(): [ViewMode, (mode: ViewMode) => void] {
  const [mode, setMode] = useState<ViewMode>(() => readViewMode());
  const update = (next: ViewMode) => {
    setMode(next);
    try {
      localStorage.setItem(VIEW_MODE_STORAGE_KEY, next);
    } catch {
      // Storage can be full or disabled; the choice still holds for this visit.
    }
  };
  return [mode, update];
}
