/**
 * What a translation lacks next to English. Plural strings are compared by the forms each language uses
 * (`Intl.PluralRules`): English has key_one and key_other, French needs key_one, key_many and key_other, Japanese
 * only key_other. Shared by the locales test and `npm run i18n:missing`.
 */
type Strings = Record<string, unknown>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

/** Every string of a namespace file as dotted key → text. */
export function flatten(value: unknown, prefix = '', into = new Map<string, string>()): Map<string, string> {
  if (typeof value === 'string') into.set(prefix, value);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix ? `${prefix}.${key}` : key, into);
  }
  return into;
}

/** The keys a language must have for one English namespace: plural groups expanded into that language's forms. */
function expectedKeys(english: Strings, language: string): string[] {
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of flatten(english).keys()) {
    if (PLURAL_SUFFIX.test(key)) {
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const category of categories) keys.add(`${base}_${category}`);
    } else keys.add(key);
  }
  return [...keys];
}

interface Gap {
  namespace: string;
  missing: string[];
  /** Keys English does not have (left over after a rename); harmless but dead. */
  extra: string[];
  /** Strings whose {{placeholders}} differ from English: a value the code passes would not be shown. */
  placeholders: string[];
}

const placeholderNames = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1]!).sort();
/** The tags a Trans string carries (<person>, <terms>…). */
const tagNames = (text: string) => [...text.matchAll(/<(\w+)>/g)].map((match) => match[1]!).sort();

/** The gaps of one language against English, namespace by namespace. */
export function gapsOf(english: Record<string, Strings>, translated: Record<string, Strings | undefined>, language: string): Gap[] {
  const gaps: Gap[] = [];
  for (const [namespace, source] of Object.entries(english)) {
    const sourceStrings = flatten(source);
    const target = flatten(translated[namespace] ?? {});
    const expected = expectedKeys(source, language);
    const missing = expected.filter((key) => !target.has(key) || target.get(key)!.trim() === '');
    const extra = [...target.keys()].filter((key) => !expected.includes(key));
    const placeholders: string[] = [];
    for (const [key, text] of target) {
      const base = key.replace(PLURAL_SUFFIX, '');
      const english = sourceStrings.get(key) ?? sourceStrings.get(`${base}_other`) ?? sourceStrings.get(`${base}_one`) ?? undefined;
      if (english === undefined) continue;
      // A plural form may leave out {{count}} where the language says "one" in words ("un album").
      const want = placeholderNames(english).filter((name) => !(name === 'count' && PLURAL_SUFFIX.test(key)));
      const have = new Set(placeholderNames(text));
      if (want.some((name) => !have.has(name)) || tagNames(english).join() !== tagNames(text).join()) placeholders.push(key);
    }
    if (missing.length || extra.length || placeholders.length) gaps.push({ namespace, missing, extra, placeholders });
  }
  return gaps;
}
