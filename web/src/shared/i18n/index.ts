import type { Language } from '@hearsay/contracts/settings';
import i18n, { type BackendModule, type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, pickLanguage } from '@hearsay/contracts/languages';
import { readPreferenceCookie, writePreferenceCookie } from '../lib/preference-cookie.ts';

/**
 * Every user-visible string goes through i18next. Resources are split by namespace, one JSON file
 * per area of the app (locales/<language>/<namespace>.json); English is the source language.
 */
export { LANGUAGES, type Language };
/** A visitor's choice of language (a member's is saved on the account too); the server reads it to set `<html lang>`. */
export const LANGUAGE_COOKIE = 'hearsay_language';

/** Each language named in itself, as a language picker shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ja: '日本語',
};

/**
 * A language's chunk: each namespace's file as its text, parsed when the namespace is first read. The browser parses
 * JSON far faster than it evaluates the same strings written as a JavaScript module, and they are most of what a page
 * evaluates as it starts.
 */
type Bundle = { default: Record<string, string> };

/**
 * English's common strings (the app shell's) are in the entry. The rest of English is one chunk, asked for as the app
 * starts and awaited by the screens that use it (through Suspense); each other language is one chunk too.
 */
const englishCommon = import.meta.glob<{ default: Record<string, unknown> }>('./locales/en/common.json', { eager: true });
const bundles: Record<Language, () => Promise<Bundle>> = {
  en: () => import('./bundles/en.ts'),
  es: () => import('./bundles/es.ts'),
  fr: () => import('./bundles/fr.ts'),
  de: () => import('./bundles/de.ts'),
  ja: () => import('./bundles/ja.ts'),
};
const namespaceOf = (path: string) => /([^/]+)\.json$/.exec(path)?.[1] ?? 'common';
const resources = { en: Object.fromEntries(Object.entries(englishCommon).map(([path, module]) => [namespaceOf(path), module.default])) };
/**
 * Every namespace, from the English file names (nothing is loaded to list them), and `errors`: the words of the API's
 * error codes, kept with the contracts (`contracts/locales/<language>/errors.json`) because the server writes them too.
 */
export const namespaces = [...Object.keys(import.meta.glob('./locales/en/*.json')).map(namespaceOf), 'errors'];

/** Reads a language's namespace from its chunk (fetched once, whichever namespace asks first). */
const chunks: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (language, namespace, callback) => {
    const load = bundles[language as Language];
    if (!load) return callback(null, {});
    load().then(
      ({ default: files }) => {
        const file = Object.entries(files).find(([path]) => namespaceOf(path) === namespace);
        callback(null, file ? (JSON.parse(file[1]) as Record<string, unknown>) : {});
      },
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), null),
    );
  },
};

function cookieLanguage(): string | undefined {
  return readPreferenceCookie(LANGUAGE_COOKIE);
}

/**
 * The visitor's own choice, then the page's language (the server sets it from the member's choice or the browser's
 * Accept-Language), then the browser's languages.
 */
function initialLanguage(): Language {
  if (typeof document === 'undefined') return 'en';
  const wanted = [cookieLanguage(), document.documentElement.lang, ...(navigator.languages ?? [])];
  return pickLanguage(wanted.filter((tag): tag is string => Boolean(tag))) ?? 'en';
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/** The placeholders that hold quantities: written as the reader writes numbers ("1,234", "1.234", "1 234"). */
const QUANTITIES = new Set(['count', 'max', 'min', 'total', 'processed', 'threshold', 'albums', 'days', 'hours', 'page', 'pages']);

/** Quantities as the reader writes them; other numbers (years like "1965–2014", scores) as given. */
export const numbersAsWritten: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, language, options) => {
    if (typeof value !== 'number' || !QUANTITIES.has(String(options?.interpolationkey))) return value;
    const key = language ?? 'en';
    let format = numberFormats.get(key);
    if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(key)));
    return format.format(value);
  },
};

/** How strings are looked up and written, in the browser and when a page is rendered on the server. */
export const stringOptions = {
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  defaultNS: 'common',
  interpolation: { escapeValue: false, alwaysFormat: true },
  returnNull: false,
} as const;

// Starts with the common strings only: in English they are in the entry, so i18next is ready (and the shell renders) at once.
void i18n
  .use(initReactI18next)
  .use(numbersAsWritten)
  .use(chunks)
  .init({ ...stringOptions, resources, partialBundledLanguages: true, lng: initialLanguage(), ns: ['common'] });

/** Asks for every other namespace now; resolves once all of the starting language and of English (its fallback) are there. */
export const allStringsReady = i18n.loadNamespaces(namespaces);

const languagesLoading = new Map<Language, Promise<void>>();

/**
 * Fetches a language's strings (every namespace asked for so far) once; fails when they could not be fetched. Calls
 * made while the strings are on their way wait for the same fetch: i18next's `loadLanguages` answers a second call at
 * once, before the strings are there. A failed fetch is tried again by the next call.
 */
function loadLanguage(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'common')) return Promise.resolve();
  let loading = languagesLoading.get(language);
  if (!loading) {
    loading = i18n.reloadResources([language]).then(() => {
      languagesLoading.delete(language);
      if (!i18n.hasResourceBundle(language, 'common')) throw new Error(`The ${language} strings could not be loaded.`);
    });
    languagesLoading.set(language, loading);
  }
  return loading;
}

/**
 * Resolves once the language the app starts in is there: the first render is in it, never English first. In English
 * the shell renders at once (its strings are in the entry) and screens wait for the rest of theirs.
 */
export const languageReady =
  i18n.language === 'en'
    ? Promise.resolve()
    : allStringsReady.then(() => loadLanguage(i18n.language as Language)).catch(() => i18n.changeLanguage('en'));

// Only a change: setting `lang`, even to the value it has, makes the browser match `:lang()` again for every element.
function markPage(language: Language) {
  if (typeof document !== 'undefined' && document.documentElement.lang !== language) document.documentElement.lang = language;
}
markPage(i18n.language as Language);
i18n.on('languageChanged', (language) => markPage(language as Language));

/**
 * Before a page rendered on the server is hydrated: every string of the language it was rendered in, so the first
 * render here is the same as the server's.
 */
export async function allStringsOf(language: Language): Promise<void> {
  await loadLanguage(language);
  await i18n.changeLanguage(language);
  await i18n.loadNamespaces(namespaces);
}

/**
 * Switches the app's language and remembers it in this browser (a member's is saved on the account by settings).
 * Resolves once the app is in it; rejects when its strings could not be fetched (the app stays in the one it is in).
 */
export async function chooseLanguage(language: Language): Promise<void> {
  writePreferenceCookie(LANGUAGE_COOKIE, language);
  if (i18n.language === language) return;
  await loadLanguage(language);
  await i18n.changeLanguage(language);
}

let currentLanguage = (): string => i18n.language;

/** Where the numbers' language comes from: the app's, or (rendering pages on the server) the page being rendered's. */
export function takeLanguageFrom(source: () => string): void {
  currentLanguage = source;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A number as the reader writes it, in the app's current language (each format is built once: lists show hundreds). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  const language = currentLanguage();
  const key = options ? `${language} ${JSON.stringify(options)}` : language;
  let format = formats.get(key);
  if (!format) formats.set(key, (format = new Intl.NumberFormat(language, options)));
  return format.format(value);
}

export default i18n;

/** A rating or an average on the 10-point scale, one decimal, as the reader writes it ("8.5", "8,5"). */
export function formatRating(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
