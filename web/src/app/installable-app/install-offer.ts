/**
 * When the app offers to be installed (decision 083): never on the first page of a visit, and only to someone who
 * came back (visits on three different days), or right after their first rating; once declined, never again (the
 * account menu still offers it). What it remembers stays on the device.
 */

const KEY = 'hearsay:install-offer';
/** Different days on which the site was opened before the offer is made. */
export const VISIT_DAYS_BEFORE_OFFER = 3;

export interface OfferRecord {
  /** The days (YYYY-MM-DD, the device's own calendar) the site was opened on, the latest few. */
  days: string[];
  /** Whether a rating was seen here already. */
  rated: boolean;
  /** Whether the offer was made and declined or taken. */
  answered: boolean;
}

export interface OfferMoment {
  /** Pages opened in this visit (this one included). */
  pagesThisVisit: number;
  /** The member has just rated for the first time on this device. */
  firstRating: boolean;
}

export function shouldOffer(record: OfferRecord, moment: OfferMoment): boolean {
  if (record.answered) return false;
  if (moment.firstRating) return true;
  return moment.pagesThisVisit >= 2 && record.days.length >= VISIT_DAYS_BEFORE_OFFER;
}

/** The record with today counted once. */
export function withVisit(record: OfferRecord, today: string): OfferRecord {
  if (record.days.includes(today)) return record;
  return { ...record, days: [...record.days, today].slice(-VISIT_DAYS_BEFORE_OFFER) };
}

export function dayOf(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

export function readOfferRecord(storage: Storage): OfferRecord {
  try {
    const saved = JSON.parse(storage.getItem(KEY) ?? '{}') as Partial<OfferRecord>;
    return {
      days: Array.isArray(saved.days) ? saved.days.filter((day): day is string => typeof day === 'string') : [],
      rated: saved.rated === true,
      answered: saved.answered === true,
    };
  } catch {
    return { days: [], rated: false, answered: false };
  }
}

export function saveOfferRecord(storage: Storage, record: OfferRecord): void {
  try {
    storage.setItem(KEY, JSON.stringify(record));
  } catch {
    // Storage full or refused (private browsing): the offer is simply made again another time.
  }
}
