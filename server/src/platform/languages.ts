import { LanguageSchema, type Language } from '@hearsay/contracts/settings';

/**
 * What the server writes itself (e-mails, the year-in-review card) is in its reader's language (Settings →
 * Appearance), with words from platform/i18n.
 */
export type { Language };

/** A stored language setting read defensively: anything not one of ours (or not chosen yet) is English. */
export function readLanguage(value: unknown): Language {
  const parsed = LanguageSchema.safeParse(value);
  return parsed.success ? parsed.data : 'en';
}

/** A number as the reader writes it ("1,234.5", "1.234,5"). */
export function writtenNumber(language: Language, value: number, fractionDigits?: number): string {
  return value.toLocaleString(
    language,
    fractionDigits === undefined ? {} : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
  );
}
