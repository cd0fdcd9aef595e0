import { describe, expect, it } from 'vitest';
import { gapsOf } from './coverage.ts';
import i18n, { LANGUAGES } from './index.ts';

/** Every English string, by namespace and dotted key. */
const files = import.meta.glob<{ default: Record<string, unknown> }>('./locales/en/*.json', { eager: true });
const strings: { namespace: string; key: string; text: string }[] = [];
function collect(namespace: string, prefix: string, value: unknown) {
  if (typeof value === 'string') strings.push({ namespace, key: prefix, text: value });
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) collect(namespace, prefix ? `${prefix}.${key}` : key, inner);
  }
}
for (const [path, module] of Object.entries(files)) collect(/([^/]+)\.json$/.exec(path)![1]!, '', module.default);

/** The source of the app, to find where each string is rendered. */
const sources = import.meta.glob<string>(['../../**/*.{ts,tsx}', '!../../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]!);
/** Plural forms (key_one, key_other, …) are asked for by their base key. */
const baseKey = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');

describe('the English strings', () => {
  it('are read', () => {
    expect(strings.length).toBeGreaterThan(100);
  });

  it("use i18next's {{name}} for every placeholder: a single-brace {name} would be shown as it is", () => {
    const singleBrace = strings.filter(({ text }) => /(^|[^{])\{\s*\w+\s*\}(?!\})/.test(text));
    expect(singleBrace.map(({ namespace, key, text }) => `${namespace}:${key} = ${text}`)).toEqual([]);
  });

  it('get a value for each placeholder wherever the code asks for them by name', () => {
    // The placeholders of each string, by namespace and key (plural forms under their base key).
    const needs = new Map<string, Set<string>>();
    for (const { namespace, key, text } of strings) {
      const id = `${namespace}:${baseKey(key)}`;
      const known = needs.get(id) ?? new Set<string>();
      for (const name of placeholders(text)) known.add(name);
      needs.set(id, known);
    }
    const unfilled: string[] = [];
    for (const [file, source] of Object.entries(sources)) {
      // The namespaces a file reads from (useTranslation('ns') or (['ns', …])); without one it is the default.
      const namespaces = [...source.matchAll(/useTranslation\(\s*(?:\[\s*)?'([\w-]+)'/g)].map((match) => match[1]!);
      if (!namespaces.length || /useTranslation\(\s*\)/.test(source)) namespaces.push('common');
      // t('key') and t('ns:key', { … }); keys built at run time are not checked.
      for (const call of source.matchAll(/\bt\(\s*'([^'$]+)'\s*(\)|,\s*\{([^}]*)\})/g)) {
        const [, ref = '', , options = ''] = call;
        const explicit = /^([\w-]+):(.*)$/.exec(ref);
        const ids = explicit ? [`${explicit[1]}:${explicit[2]}`] : namespaces.map((namespace) => `${namespace}:${ref}`);
        const found = ids.map((id) => needs.get(id)).filter((known) => known !== undefined);
        // A spread of other options may carry any of them.
        if (!found.length || options.includes('...')) continue;
        const given = new Set([...options.matchAll(/(?:^|,)\s*(\w+)/g)].map((match) => match[1]));
        // Where the namespace is not certain, only what every candidate string needs is required.
        const needed = [...found[0]!].filter((name) => found.every((known) => known.has(name)));
        const missing = needed.filter((name) => !given.has(name));
        if (missing.length) unfilled.push(`${file}: t('${ref}') leaves {{${missing.join('}}, {{')}}} unfilled`);
      }
    }
    expect(unfilled).toEqual([]);
  });
});

describe('the translations', () => {
  const all = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
  const byLanguage: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [path, module] of Object.entries(all)) {
    const [, language = '', namespace = ''] = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path) ?? [];
    (byLanguage[language] ??= {})[namespace] = module.default;
  }

  it.each(LANGUAGES.filter((language) => language !== 'en'))(
    '%s has every English string, in every plural form it uses, with the same placeholders and tags',
    (language) => {
      const gaps = gapsOf(byLanguage.en!, byLanguage[language] ?? {}, language);
      expect(gaps).toEqual([]);
    },
  );

  it('count the way the reader writes numbers, and leave other values alone', async () => {
    const german = i18n.cloneInstance({ lng: 'de' });
    await german.changeLanguage('de');
    expect(german.t('journal:count', { count: 1234 })).toContain('1.234');
    const japanese = i18n.cloneInstance({ lng: 'ja' });
    await japanese.changeLanguage('ja');
    expect(japanese.t('journal:count', { count: 1234 })).toContain('1,234');
    expect(i18n.t('profile:memberSince', { year: 2024 })).toBe('Member since 2024');
    expect(i18n.t('journal:count', { count: 1234 })).toBe('1,234 listens');
  });
});
