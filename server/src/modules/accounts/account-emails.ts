import { translator } from '../../platform/i18n/index.ts';
import type { Language } from '../../platform/languages.ts';

/**
 * The e-mails of the account (changing its e-mail address, guessed passwords) in the recipient's language (Settings →
 * Appearance). Plain text; the words are in `platform/i18n/locales/<language>/emails.json`.
 */
export interface AccountEmail {
  subject: string;
  text: string;
}

function accountEmail(language: Language, key: string, values: Record<string, string | number>): AccountEmail {
  const t = translator(language, 'emails');
  return { subject: t(`${key}.subject`, values), text: t(`${key}.text`, values) };
}

/** To the NEW address: the link that makes the change. */
export function confirmNewEmail(language: Language, values: { name: string; newEmail: string; link: string; hours: number }): AccountEmail {
  return accountEmail(language, 'confirmNewEmail', values);
}

/** To the OLD address, when a change is asked for: who to tell if it was not them. */
export function emailChangeRequested(language: Language, values: { name: string; newEmail: string; settingsLink: string }): AccountEmail {
  return accountEmail(language, 'emailChangeRequested', values);
}

/** To the OLD address, once the change is made. */
export function emailChanged(language: Language, values: { name: string; newEmail: string; siteUrl: string }): AccountEmail {
  return accountEmail(language, 'emailChanged', values);
}

/** To the owner, once an hour at most, when passwords are being guessed from browsers they never used. */
export function signInsGuessed(language: Language, values: { name: string; failures: number; siteUrl: string }): AccountEmail {
  return accountEmail(language, 'signInsGuessed', values);
}
