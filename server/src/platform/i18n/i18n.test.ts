import { LANGUAGES } from '@hearsay/contracts/settings';
import { describe, expect, it } from 'vitest';
import { readLocales, translator } from './index.ts';

/** Every string's dotted key, with the plural and context suffixes taken off (`rated_one` → `rated`). */
function keysOf(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix];
  if (!value || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, inner]) => keysOf(inner, prefix ? `${prefix}.${key}` : key));
}
const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]).sort();

const locales = readLocales();

describe('the server’s strings', () => {
  it('are in every language for every English key, with the plural forms each language needs', () => {
    const missing: string[] = [];
    for (const [namespace, english] of Object.entries(locales.en)) {
      const needed = new Set(keysOf(english).map(base));
      for (const language of LANGUAGES) {
        const have = keysOf(locales[language][namespace]);
        for (const key of needed) {
          const plural = keysOf(english).some((k) => k !== key && base(k) === key);
          const forms = plural ? new Intl.PluralRules(language).resolvedOptions().pluralCategories.map((form) => `${key}_${form}`) : [key];
          for (const form of forms) if (!have.includes(form)) missing.push(`${language}/${namespace}: ${form}`);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('use the same placeholders as the English string', () => {
    const differ: string[] = [];
    const flat = (value: unknown, prefix = ''): [string, string][] =>
      typeof value === 'string'
        ? [[prefix, value]]
        : Object.entries(value as object).flatMap(([key, inner]) => flat(inner, prefix ? `${prefix}.${key}` : key));
    for (const [namespace, english] of Object.entries(locales.en)) {
      const source = new Map(flat(english).map(([key, text]) => [base(key), placeholders(text)]));
      for (const language of LANGUAGES) {
        for (const [key, text] of flat(locales[language][namespace])) {
          const expected = source.get(base(key));
          if (expected && JSON.stringify(placeholders(text)) !== JSON.stringify(expected)) differ.push(`${language}/${namespace}: ${key}`);
        }
      }
    }
    expect(differ).toEqual([]);
  });

  it('fill their placeholders and choose the plural form by count', () => {
    expect(translator('en', 'cards')('year.rated', { count: 1, rated: '1', average: '8.0' })).toBe(
      '<b>1</b> album rated · average <b>8.0</b>/10',
    );
    expect(translator('de', 'cards')('year.rated', { count: 12, rated: '12', average: '7,5' })).toBe(
      '<b>12</b> Alben bewertet · Schnitt <b>7,5</b>/10',
    );
    expect(translator('fr', 'cards')('year.rated', { count: 0, rated: '0', average: '–' })).toContain('album noté');
  });
});
