import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * Every user-visible string goes through i18next. Resources are split by namespace, one JSON file
 * per area of the app (locales/<language>/<namespace>.json); English is the source language.
 */
export const SUPPORTED_LANGUAGES = ['en', 'es', 'fr', 'de', 'ja'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = 'language';

const modules = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json', { eager: true });
const resources: Record<string, Record<string, Record<string, unknown>>> = {};
for (const [path, module] of Object.entries(modules)) {
  const match = /\.\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
  if (!match) continue;
  const [, language = 'en', namespace = 'common'] = match;
  resources[language] ??= {};
  resources[language][namespace] = module.default;
}

function initialLanguage(): Language {
  const stored = typeof localStorage !== 'undefined' ? localStorage.getItem(LANGUAGE_STORAGE_KEY) : null;
  if (stored && (SUPPORTED_LANGUAGES as readonly string[]).includes(stored)) return stored as Language;
  return 'en';
}

void i18n.use(initReactI18next).init({
  resources,
  lng: initialLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: Object.keys(resources.en ?? {}),
  defaultNS: 'common',
  interpolation: { escapeValue: false },
  returnNull: false,
});

export default i18n;
