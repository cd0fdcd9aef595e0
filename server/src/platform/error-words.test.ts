import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@hearsay/contracts/languages';

/** The words of every error code and issue code, per language (`contracts/locales/<language>/errors.json`), read as the server reads them. */
const words = Object.fromEntries(
  LANGUAGES.map((language) => [
    language,
    JSON.parse(readFileSync(new URL(import.meta.resolve(`@hearsay/contracts/locales/${language}/errors.json`)), 'utf8')) as Record<
      string,
      unknown
    >,
  ]),
);

/** Every string by its dotted key (`issues.too_long`). */
function flat(value: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, inner] of Object.entries(value)) {
    if (typeof inner === 'string') out.set(prefix + key, inner);
    else for (const [k, v] of flat(inner as Record<string, unknown>, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}

const PLURAL = /_(zero|one|two|few|many|other)$/;
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]))].sort();
const english = flat(words.en!);

describe('the words of errors', () => {
  it('are there in every language for every English key, with the same placeholders', () => {
    const gaps: string[] = [];
    for (const language of LANGUAGES) {
      const theirs = flat(words[language]!);
      const forms = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [key, text] of english) {
        const base = key.replace(PLURAL, '');
        // A plural is asked for by its base key: each language has the forms its own rules need.
        const keys = PLURAL.test(key) ? forms.map((form) => `${base}_${form}`) : [key];
        for (const wanted of keys) {
          const found = theirs.get(wanted);
          if (found === undefined) gaps.push(`${language}: ${wanted}`);
          else if (placeholders(found).join() !== placeholders(text).join())
            gaps.push(`${language}: ${wanted} has {{${placeholders(found)}}}`);
        }
      }
    }
    expect([...new Set(gaps)]).toEqual([]);
  });

  it('name every code a contract gives an issue', () => {
    const dir = new URL('./', import.meta.resolve('@hearsay/contracts/errors'));
    const named = readdirSync(dir)
      .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
      .flatMap((file) => [...readFileSync(new URL(file, dir), 'utf8').matchAll(/error: '(\w+)'/g)].map((match) => match[1]!));
    expect(named.length).toBeGreaterThan(60);
    expect(named.filter((code) => !english.has(`issues.${code}`))).toEqual([]);
  });

  it('name every code the general issue map gives', () => {
    const source = readFileSync(new URL(import.meta.resolve('@hearsay/contracts/issue-codes')), 'utf8');
    const codes = [...source.matchAll(/return '(\w+)'/g)].map((match) => match[1]!);
    expect(codes.length).toBeGreaterThan(15);
    const known = (code: string) => english.has(`issues.${code}`) || english.has(`issues.${code}_other`);
    expect(codes.filter((code) => !known(code))).toEqual([]);
  });
});
