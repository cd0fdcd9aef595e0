import { describe, expect, it } from 'vitest';
import { readerTimeZone } from './time-zones.ts';

describe('readerTimeZone', () => {
  it('reads a time zone the runtime knows, as it was written', () => {
    expect(readerTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
    expect(readerTimeZone('America/Argentina/Buenos_Aires')).toBe('America/Argentina/Buenos_Aires');
    expect(readerTimeZone('Etc/GMT+10')).toBe('Etc/GMT+10');
    expect(readerTimeZone('UTC')).toBe('UTC');
  });

  it('answers UTC for no cookie, a name nobody uses, or anything that is not a name', () => {
    for (const cookie of [undefined, '', 'Mars/Olympus_Mons', '../etc/passwd', 'Europe/Berlin; path=/', 'x'.repeat(200), '+01:00'])
      expect(readerTimeZone(cookie), String(cookie)).toBe('UTC');
  });
});
