import { arrayMove } from '@dnd-kit/sortable';

/**
 * The order of a collection's albums after moving the one at `from` to `to`, or null when nothing would change (the
 * same place, or a place off the list), so that nothing is saved.
 */
export function moveEntry(ids: readonly string[], from: number, to: number): string[] | null {
  const inList = (index: number) => index >= 0 && index < ids.length;
  if (from === to || !inList(from) || !inList(to)) return null;
  return arrayMove([...ids], from, to);
}

/** A drag that ends over another album puts the dragged one in its place; dropped nowhere, nothing moves. */
export function dropEntry(ids: readonly string[], draggedId: string, overId: string | null): string[] | null {
  if (overId === null) return null;
  return moveEntry(ids, ids.indexOf(draggedId), ids.indexOf(overId));
}
