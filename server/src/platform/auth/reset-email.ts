import { translator } from '../i18n/index.ts';
import type { Language } from '../languages.ts';

/** The password-reset e-mail in the person's language; the words are in `platform/i18n/locales/<language>/emails.json`. */
export function resetPasswordEmail(
  language: Language,
  values: { name: string; link: string; minutes: number },
): { subject: string; text: string } {
  const t = translator(language, 'emails');
  return { subject: t('passwordReset.subject', values), text: t('passwordReset.text', values) };
}
