import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../lib/api-client.ts';
import { useErrorText } from './error-text.ts';
import i18n, { allStringsOf, type Language } from './index.ts';

afterEach(async () => {
  await i18n.changeLanguage('en');
});

async function errorTextIn(language: Language) {
  await allStringsOf(language);
  return renderHook(useErrorText).result.current;
}

/** A refusal as the server answers it: its code and params, with its words in English. */
const tooOften = new ApiError(429, 'rate_limited', 'You are doing this too often. Please try again in 3 minutes.', {
  params: { context: 'often', count: 3 },
});
const badField = new ApiError(400, 'invalid_request', 'Invalid field "title": must be at most 100 characters', {
  params: { context: 'body', field: 'title' },
  issues: [{ path: 'body.title', code: 'too_long', params: { maximum: 100 }, message: 'must be at most 100 characters' }],
});

describe('the words of an API error', () => {
  it.each([
    [
      'fr',
      'Vous faites cela trop souvent. Veuillez réessayer dans 3 minutes.',
      'Champ « title » non valide : doit contenir au plus 100 caractères',
    ],
    [
      'de',
      'Du machst das zu oft. Bitte versuche es in 3 Minuten noch einmal.',
      'Ungültiges Feld „title“: darf höchstens 100 Zeichen lang sein',
    ],
    ['ja', 'この操作の回数が多すぎます。3分後にもう一度お試しください。', '「title」が無効です：100文字以内にしてください'],
  ] as const)(
    'are in the reader’s language (%s), from the code, its variant, its plural and its first issue',
    async (language, often, field) => {
      const errorText = await errorTextIn(language);
      // French puts narrow no-break spaces before its colons and inside its quotes.
      const spaced = (text: string) => text.replace(/\s/g, ' ');
      expect(spaced(errorText(tooOften))).toBe(often);
      expect(spaced(errorText(badField))).toBe(field);
    },
  );

  it('are the server’s English for a code this app has no words for, and the fallback for anything else', async () => {
    const errorText = await errorTextIn('fr');
    expect(errorText(new ApiError(418, 'teapot', 'I am a teapot.'))).toBe('I am a teapot.');
    expect(errorText(new Error('boom'), 'Échec')).toBe('Échec');
    // An issue kept before issues had codes (an old import's) has only its English.
    expect(errorText.issue({ path: 'x', code: '', message: 'Too big' })).toBe('Too big');
  });
});
