/**
 * Every card a presenter makes, remembered by identity: `server/test/presenters.test.ts` walks the answers of the
 * routes and fails on a card-shaped object that is not one of these, i.e. a row that reached an answer without
 * passing a presenter. A WeakSet keeps nothing alive and adds nothing to the object, so answers are unchanged.
 */
const made = new WeakSet<object>();

/** Marks a presenter's output; answers it unchanged. */
export function presented<T extends object>(value: T): T {
  made.add(value);
  return value;
}

export function wasPresented(value: object): boolean {
  return made.has(value);
}
