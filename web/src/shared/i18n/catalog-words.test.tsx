import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { useGenreName, useRatingWord } from './catalog-words.ts';
import i18n, { allStringsOf, type Language } from './index.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

async function inLanguage<Result>(language: Language, hook: () => Result): Promise<Result> {
  await allStringsOf(language);
  return renderHook(hook).result.current;
}

describe('the words the catalog shows', () => {
  it.each([
    ['es', 'Electrónica', 'Genial'],
    ['fr', 'Électronique', 'Super'],
    ['de', 'Elektronik', 'Großartig'],
    ['ja', 'エレクトロニック', '素晴らしい'],
  ] as const)('in %s: a genre by its slug, and the word of a rating', async (language, electronic, great) => {
    const genreName = await inLanguage(language, useGenreName);
    expect(genreName({ slug: 'electronic', name: 'Electronic' })).toBe(electronic);
    // A finer style, one of thousands, keeps the name the catalog gave it.
    expect(genreName({ slug: 'bossa-nova', name: 'Bossa Nova' })).toBe('Bossa Nova');
    const ratingWord = await inLanguage(language, useRatingWord);
    expect(ratingWord(8)).toBe(great);
    expect(ratingWord(8.5)).toBe(great);
  });

  it('in English: genres as the catalog (or the spec) names them, and the words of spec §9', async () => {
    const genreName = await inLanguage('en', useGenreName);
    expect(genreName({ slug: 'hip-hop', name: 'Hip-Hop' })).toBe('Hip-Hop');
    const ratingWord = await inLanguage('en', useRatingWord);
    expect([1, 5, 9, 10].map(ratingWord)).toEqual(['Terrible', 'Average', 'Excellent', 'Masterpiece']);
  });
});
