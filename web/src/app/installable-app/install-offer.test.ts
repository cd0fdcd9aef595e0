import { describe, expect, it } from 'vitest';
import { dayOf, readOfferRecord, saveOfferRecord, shouldOffer, withVisit, type OfferRecord } from './install-offer.ts';

const fresh: OfferRecord = { days: [], rated: false, answered: false };
const visits = (...days: string[]) => days.reduce(withVisit, fresh);

describe('when the app offers to be installed', () => {
  it('never on the first page of a visit, even on a third day', () => {
    const record = visits('2026-12-01', '2026-12-03', '2026-12-06');
    expect(shouldOffer(record, { pagesThisVisit: 1, firstRating: false })).toBe(false);
    expect(shouldOffer(record, { pagesThisVisit: 2, firstRating: false })).toBe(true);
  });

  it('after visits on three different days, not three visits on one day', () => {
    const sameDay = visits('2026-12-06', '2026-12-06', '2026-12-06');
    expect(sameDay.days).toEqual(['2026-12-06']);
    expect(shouldOffer(sameDay, { pagesThisVisit: 5, firstRating: false })).toBe(false);
    expect(shouldOffer(visits('2026-12-05', '2026-12-06'), { pagesThisVisit: 5, firstRating: false })).toBe(false);
  });

  it('right after a first rating, on the first day', () => {
    expect(shouldOffer(visits('2026-12-06'), { pagesThisVisit: 1, firstRating: true })).toBe(true);
  });

  it('never again once declined or taken', () => {
    const answered = { ...visits('2026-12-01', '2026-12-03', '2026-12-06'), answered: true };
    expect(shouldOffer(answered, { pagesThisVisit: 3, firstRating: false })).toBe(false);
    expect(shouldOffer(answered, { pagesThisVisit: 3, firstRating: true })).toBe(false);
  });

  it('counts days on the device’s own calendar', () => {
    expect(dayOf(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('remembers its record on the device, and reads a damaged one as new', () => {
    const record = visits('2026-12-01', '2026-12-03');
    saveOfferRecord(localStorage, { ...record, answered: true });
    expect(readOfferRecord(localStorage)).toEqual({ ...record, answered: true });
    localStorage.setItem('hearsay:install-offer', '{not json');
    expect(readOfferRecord(localStorage)).toEqual(fresh);
  });
});
