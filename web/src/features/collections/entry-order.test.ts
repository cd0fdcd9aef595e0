import { describe, expect, it } from 'vitest';
import { dropEntry, moveEntry } from './entry-order.ts';

const IDS = ['kind-of-blue', 'giant-steps', 'mingus-ah-um'];

describe('moveEntry', () => {
  it('moves an album up or down by one place', () => {
    expect(moveEntry(IDS, 1, 0)).toEqual(['giant-steps', 'kind-of-blue', 'mingus-ah-um']);
    expect(moveEntry(IDS, 1, 2)).toEqual(['kind-of-blue', 'mingus-ah-um', 'giant-steps']);
  });

  it('moves an album across the list', () => {
    expect(moveEntry(IDS, 2, 0)).toEqual(['mingus-ah-um', 'kind-of-blue', 'giant-steps']);
  });

  it('leaves the list it was given as it was', () => {
    const ids = [...IDS];
    moveEntry(ids, 0, 2);
    expect(ids).toEqual(IDS);
  });

  it('has nothing to save when the album would stay or leave the list', () => {
    expect(moveEntry(IDS, 0, -1)).toBeNull();
    expect(moveEntry(IDS, 2, 3)).toBeNull();
    expect(moveEntry(IDS, 1, 1)).toBeNull();
    expect(moveEntry(IDS, -1, 0)).toBeNull();
  });
});

describe('dropEntry', () => {
  it('puts the dragged album in the place of the one it is dropped on', () => {
    expect(dropEntry(IDS, 'kind-of-blue', 'mingus-ah-um')).toEqual(['giant-steps', 'mingus-ah-um', 'kind-of-blue']);
    expect(dropEntry(IDS, 'mingus-ah-um', 'giant-steps')).toEqual(['kind-of-blue', 'mingus-ah-um', 'giant-steps']);
  });

  it('has nothing to save when the album is dropped on itself or outside the list', () => {
    expect(dropEntry(IDS, 'giant-steps', 'giant-steps')).toBeNull();
    expect(dropEntry(IDS, 'giant-steps', null)).toBeNull();
    expect(dropEntry(IDS, 'giant-steps', 'somewhere-else')).toBeNull();
  });
});
