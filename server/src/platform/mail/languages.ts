import { LanguageSchema, type Language } from '@hearsay/contracts/settings';

/**
 * E-mails go out in the recipient's language (Settings → Appearance); each e-mail's wording lives beside the code
 * that sends it, as one entry per language, so a missing language is a type error rather than a blank e-mail.
 */
export type Wording<T> = Record<Language, T>;
export type { Language };

/** A stored language setting read defensively: anything not one of ours (or not chosen yet) is English. */
export function mailLanguage(value: unknown): Language {
  const parsed = LanguageSchema.safeParse(value);
  return parsed.success ? parsed.data : 'en';
}

/** Numbers in e-mails, as the reader writes them. */
export function mailNumber(language: Language, value: number, fractionDigits?: number): string {
  return value.toLocaleString(
    language,
    fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
  );
}
