import * as contract from '@hearsay/contracts/settings';
import { describe, expect, it } from 'vitest';
import { LANGUAGES, pickLanguage } from './languages.ts';

describe("the app's copy of the contract's languages", () => {
  it('lists the same languages in the same order', () => {
    expect(LANGUAGES).toEqual(contract.LANGUAGES);
  });

  it('picks as the contract does', () => {
    const lists = [[], ['fr-CA'], ['pt-BR', 'de_DE', 'en'], [' JA '], ['xx', 'zz'], ['es-419', 'fr'], ['EN-gb']];
    for (const wanted of lists) expect(pickLanguage(wanted)).toBe(contract.pickLanguage(wanted));
  });
});
