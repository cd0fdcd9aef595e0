import { LANGUAGES, type Language } from '@hearsay/contracts/settings';
import type { ErrorTranslate } from '@hearsay/contracts/error-words';
import i18next, { type TFunction } from 'i18next';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * What the server writes itself — e-mails, the year-in-review card — goes through i18next, as every string of the
 * web app does, from files of the same structure: `locales/<language>/<namespace>.json`, English the source,
 * `{{name}}` placeholders, plural forms as `key_one`/`key_other` (and `_many` where the language has it), and
 * `key_<context>` variants. `i18n.test.ts` checks that every language has every English key.
 */
const SERVER_NAMESPACES = ['emails', 'cards', 'push'] as const;
export type ServerNamespace = (typeof SERVER_NAMESPACES)[number];

const localesDir = new URL('./locales/', import.meta.url);

/** Every language's namespaces as parsed JSON, read once. */
export function readLocales(): Record<Language, Record<string, unknown>> {
  return Object.fromEntries(
    LANGUAGES.map((language) => [
      language,
      Object.fromEntries(
        readdirSync(new URL(`${language}/`, localesDir))
          .filter((file) => file.endsWith('.json'))
          .map((file) => [file.slice(0, -'.json'.length), JSON.parse(readFileSync(new URL(`${language}/${file}`, localesDir), 'utf8'))]),
      ),
    ]),
  ) as Record<Language, Record<string, unknown>>;
}

/**
 * The words of error answers: the contracts' `errors` namespace, which the web app translates. The server writes
 * only their English, into each answer's `message`, for a person reading the answer.
 */
const errorsFile = new URL(import.meta.resolve('@hearsay/contracts/locales/en/errors.json'));

const instance = i18next.createInstance();
const resources = readLocales() as Record<string, Record<string, unknown>>;
resources.en = { ...resources.en, errors: JSON.parse(readFileSync(errorsFile, 'utf8')) as unknown };
void instance.init({
  resources: resources as Parameters<typeof instance.init>[0]['resources'],
  lng: 'en',
  fallbackLng: 'en',
  ns: [...SERVER_NAMESPACES, 'errors'],
  defaultNS: 'emails',
  // Plain text and SVG: the callers escape what they put into markup.
  interpolation: { escapeValue: false },
  initAsync: false,
  returnNull: false,
});

/** An error code and its params in English words (see `@hearsay/contracts/error-words`). */
export const englishErrors: ErrorTranslate = instance.getFixedT('en', 'errors') as unknown as ErrorTranslate;

/** The strings of one namespace in one language. */
export function translator(language: Language, namespace: ServerNamespace): TFunction {
  return instance.getFixedT(language, namespace);
}
