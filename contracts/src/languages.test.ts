import { describe, expect, it } from 'vitest';
import { acceptedLanguages, pickLanguage } from './languages.ts';

describe('languages', () => {
  it("picks Hearsay's language for a browser's list, by the base of each tag, first wanted first", () => {
    expect(pickLanguage(['fr-CA'])).toBe('fr');
    expect(pickLanguage(['pt-BR', 'de_DE', 'en'])).toBe('de');
    expect(pickLanguage([' JA '])).toBe('ja');
    expect(pickLanguage(['EN-gb'])).toBe('en');
    expect(pickLanguage(['xx', 'zz'])).toBeNull();
    expect(pickLanguage([])).toBeNull();
  });

  it('reads an Accept-Language header by weight, keeping the order of equal weights and dropping q=0 and *', () => {
    expect(acceptedLanguages('de;q=0.5, ja, fr-CA;q=0.8, es;q=0, *;q=0.1, en;q=0.8')).toEqual(['ja', 'fr-CA', 'en', 'de']);
    expect(acceptedLanguages(undefined)).toEqual([]);
  });
});
