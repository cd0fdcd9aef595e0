import { LANGUAGES, pickLanguage, type Language } from '@hearsay/contracts/settings';
import i18n, { type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';

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

/** English is in the entry (it is the fallback of every string); each other language is its own chunk. */
const english = import.meta.glob<{ default: Record<string, unknown> }>('./locales/en/*.json', { eager: true });
const bundles: Record<Exclude<Language, 'en'>, () => Promise<{ default: Record<string, { default: Record<string, unknown> }> }>> = {
  es: () => import('./bundles/es.ts'),
  fr: () => import('./bundles/fr.ts'),
  de: () => import('./bundles/de.ts'),
  ja: () => import('./bundles/ja.ts'),
};
const namespaceOf = (path: string) => /([^/]+)\.json$/.exec(path)?.[1] ?? 'common';
const resources = { en: Object.fromEntries(Object.entries(english).map(([path, module]) => [namespaceOf(path), module.default])) };

function cookieLanguage(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];
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
const numbersAsWritten: FormatterModule = {
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

void i18n
  .use(initReactI18next)
  .use(numbersAsWritten)
  .init({
    resources,
    lng: initialLanguage(),
    fallbackLng: 'en',
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    interpolation: { escapeValue: false, alwaysFormat: true },
    returnNull: false,
  });

/** Fetches a language's strings once; English is always there. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language === 'en' || i18n.hasResourceBundle(language, 'common')) return;
  const { default: files } = await bundles[language]();
  for (const [path, module] of Object.entries(files)) i18n.addResourceBundle(language, namespaceOf(path), module.default, true, true);
}

/** Resolves once the language the app starts in is there: the first render is in it, never English first. */
export const languageReady = loadLanguage(i18n.language as Language).catch(() => i18n.changeLanguage('en'));

function markPage(language: Language) {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}
markPage(i18n.language as Language);
i18n.on('languageChanged', (language) => markPage(language as Language));

/** Switches the app's language and remembers it in this browser (a member's is saved on the account by settings). */
export function chooseLanguage(language: Language): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=/; max-age=${60 * 60 * 24 * 365}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`;
  if (i18n.language !== language) void loadLanguage(language).then(() => i18n.changeLanguage(language));
}

/** A number as the reader writes it, in the app's current language. */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return value.toLocaleString(i18n.language, options);
}

export default i18n;

/** A rating or an average on the 10-point scale, one decimal, as the reader writes it ("8.5", "8,5"). */
export function formatRating(value: number): string {
  return formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
