import type { RefObject } from 'react';
import { destinationOf, resolveLink } from './api.ts';

/**
 * The header search's side of a pasted music link (loaded on paste, never with the page): asks the server which album
 * the link is and opens it, ready to rate, if the field still holds the link by then. A link of no album the catalog
 * has stays in the field, to search for as typed.
 */
export async function openPastedLink(link: string, field: RefObject<HTMLInputElement | null>, open: (href: string) => void): Promise<void> {
  try {
    const answer = await resolveLink({ url: link });
    const href = answer.album ? destinationOf(answer) : null;
    if (href && field.current?.value.trim() === link) open(href);
  } catch {
    // Not a link the server reads, or it could not be asked: the words stay, to search as typed.
  }
}
