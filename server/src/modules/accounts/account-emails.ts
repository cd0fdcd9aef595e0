import type { Language, Wording } from '../../platform/languages.ts';

/**
 * The e-mails of changing an e-mail address, in each of Hearsay's languages (the recipient's, from Settings →
 * Appearance). Plain text; one entry per language, so a missing one is a type error rather than a blank e-mail.
 */

export interface AccountEmail {
  subject: string;
  text: string;
}

const lines = (...parts: string[]) => parts.join('\n');

const CONFIRM_NEW: Wording<(values: { name: string; newEmail: string; link: string; hours: number }) => AccountEmail> = {
  en: ({ name, newEmail, link, hours }) => ({
    subject: 'Confirm your new Hearsay e-mail address',
    text: lines(
      `Hi ${name},`,
      '',
      `To use ${newEmail} for your Hearsay account, open this link:`,
      '',
      link,
      '',
      `The link works once and expires in ${hours} hours. Until then your current address stays as it is. If you did not ask for this, ignore this e-mail.`,
    ),
  }),
  es: ({ name, newEmail, link, hours }) => ({
    subject: 'Confirma tu nueva dirección de correo en Hearsay',
    text: lines(
      `Hola, ${name}:`,
      '',
      `Para usar ${newEmail} en tu cuenta de Hearsay, abre este enlace:`,
      '',
      link,
      '',
      `El enlace sirve una sola vez y caduca en ${hours} horas. Hasta entonces tu dirección actual no cambia. Si no lo pediste tú, ignora este correo.`,
    ),
  }),
  fr: ({ name, newEmail, link, hours }) => ({
    subject: 'Confirmez votre nouvelle adresse e-mail Hearsay',
    text: lines(
      `Bonjour ${name},`,
      '',
      `Pour utiliser ${newEmail} avec votre compte Hearsay, ouvrez ce lien :`,
      '',
      link,
      '',
      `Le lien ne fonctionne qu’une fois et expire dans ${hours} heures. D’ici là, votre adresse actuelle reste la même. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail.`,
    ),
  }),
  de: ({ name, newEmail, link, hours }) => ({
    subject: 'Bestätige deine neue E-Mail-Adresse bei Hearsay',
    text: lines(
      `Hallo ${name},`,
      '',
      `Öffne diesen Link, um ${newEmail} für dein Hearsay-Konto zu verwenden:`,
      '',
      link,
      '',
      `Der Link funktioniert nur einmal und läuft in ${hours} Stunden ab. Bis dahin bleibt deine bisherige Adresse bestehen. Wenn du das nicht angefordert hast, ignoriere diese E-Mail.`,
    ),
  }),
  ja: ({ name, newEmail, link, hours }) => ({
    subject: 'Hearsay の新しいメールアドレスを確認してください',
    text: lines(
      `${name} さん`,
      '',
      `Hearsay アカウントで ${newEmail} を使うには、次のリンクを開いてください。`,
      '',
      link,
      '',
      `このリンクは一度だけ使え、${hours} 時間で期限切れになります。それまでは現在のアドレスのままです。心当たりがない場合は、このメールを無視してください。`,
    ),
  }),
};

/** To the NEW address: the link that makes the change. */
export function confirmNewEmail(language: Language, values: { name: string; newEmail: string; link: string; hours: number }): AccountEmail {
  return CONFIRM_NEW[language](values);
}

const CHANGE_REQUESTED: Wording<(values: { name: string; newEmail: string; settingsLink: string }) => AccountEmail> = {
  en: ({ name, newEmail, settingsLink }) => ({
    subject: 'A change of your Hearsay e-mail address was requested',
    text: lines(
      `Hi ${name},`,
      '',
      `Someone signed in to your account asked to change its e-mail address to ${newEmail}. Nothing changes unless the link sent to that address is opened.`,
      '',
      `If this was not you, change your password and sign out your other devices here: ${settingsLink}`,
    ),
  }),
  es: ({ name, newEmail, settingsLink }) => ({
    subject: 'Se ha pedido cambiar el correo de tu cuenta de Hearsay',
    text: lines(
      `Hola, ${name}:`,
      '',
      `Alguien con acceso a tu cuenta ha pedido cambiar su dirección de correo a ${newEmail}. No cambiará hasta que se abra el enlace enviado a esa dirección.`,
      '',
      `Si no fuiste tú, cambia tu contraseña y cierra las demás sesiones en ${settingsLink}`,
    ),
  }),
  fr: ({ name, newEmail, settingsLink }) => ({
    subject: 'Demande de changement de l’adresse e-mail de votre compte Hearsay',
    text: lines(
      `Bonjour ${name},`,
      '',
      `Quelqu’un ayant accès à votre compte a demandé à remplacer son adresse e-mail par ${newEmail}. Rien ne change tant que le lien envoyé à cette adresse n’est pas ouvert.`,
      '',
      `Si ce n’était pas vous, changez votre mot de passe et déconnectez les autres appareils ici : ${settingsLink}`,
    ),
  }),
  de: ({ name, newEmail, settingsLink }) => ({
    subject: 'Änderung der E-Mail-Adresse deines Hearsay-Kontos angefordert',
    text: lines(
      `Hallo ${name},`,
      '',
      `Jemand mit Zugang zu deinem Konto hat angefordert, die E-Mail-Adresse auf ${newEmail} zu ändern. Sie ändert sich erst, wenn der Link geöffnet wird, der an diese Adresse ging.`,
      '',
      `Warst du das nicht, ändere dein Passwort und melde die anderen Geräte ab: ${settingsLink}`,
    ),
  }),
  ja: ({ name, newEmail, settingsLink }) => ({
    subject: 'Hearsay アカウントのメールアドレス変更がリクエストされました',
    text: lines(
      `${name} さん`,
      '',
      `あなたのアカウントで、メールアドレスを ${newEmail} に変更するリクエストがありました。そのアドレスに送ったリンクが開かれるまで、アドレスは変わりません。`,
      '',
      `お心当たりがない場合は、パスワードを変更し、ほかの端末からログアウトしてください：${settingsLink}`,
    ),
  }),
};

/** To the OLD address, when a change is asked for: who to tell if it was not them. */
export function emailChangeRequested(language: Language, values: { name: string; newEmail: string; settingsLink: string }): AccountEmail {
  return CHANGE_REQUESTED[language](values);
}

const CHANGED: Wording<(values: { name: string; newEmail: string; siteUrl: string }) => AccountEmail> = {
  en: ({ name, newEmail, siteUrl }) => ({
    subject: 'Your Hearsay e-mail address has changed',
    text: lines(
      `Hi ${name},`,
      '',
      `Your Hearsay account now uses ${newEmail}. This address will get no more e-mail from us.`,
      '',
      `If this was not you, tell the people who run Hearsay at ${siteUrl} right away: your account may be in someone else's hands.`,
    ),
  }),
  es: ({ name, newEmail, siteUrl }) => ({
    subject: 'El correo de tu cuenta de Hearsay ha cambiado',
    text: lines(
      `Hola, ${name}:`,
      '',
      `Tu cuenta de Hearsay usa ahora ${newEmail}. Esta dirección ya no recibirá nuestros correos.`,
      '',
      `Si no fuiste tú, avisa cuanto antes a quienes gestionan Hearsay en ${siteUrl}: tu cuenta podría estar en manos de otra persona.`,
    ),
  }),
  fr: ({ name, newEmail, siteUrl }) => ({
    subject: 'L’adresse e-mail de votre compte Hearsay a changé',
    text: lines(
      `Bonjour ${name},`,
      '',
      `Votre compte Hearsay utilise désormais ${newEmail}. Cette adresse ne recevra plus nos e-mails.`,
      '',
      `Si ce n’était pas vous, prévenez au plus vite l’équipe de Hearsay sur ${siteUrl} : votre compte est peut-être entre d’autres mains.`,
    ),
  }),
  de: ({ name, newEmail, siteUrl }) => ({
    subject: 'Die E-Mail-Adresse deines Hearsay-Kontos wurde geändert',
    text: lines(
      `Hallo ${name},`,
      '',
      `Dein Hearsay-Konto verwendet jetzt ${newEmail}. An diese Adresse schicken wir nichts mehr.`,
      '',
      `Warst du das nicht, wende dich sofort an das Hearsay-Team unter ${siteUrl}: Dein Konto könnte in fremden Händen sein.`,
    ),
  }),
  ja: ({ name, newEmail, siteUrl }) => ({
    subject: 'Hearsay アカウントのメールアドレスが変更されました',
    text: lines(
      `${name} さん`,
      '',
      `Hearsay アカウントのメールアドレスは ${newEmail} になりました。今後、このアドレスにはメールをお送りしません。`,
      '',
      `お心当たりがない場合は、至急 ${siteUrl} の Hearsay 運営者にご連絡ください。アカウントが他人に使われている可能性があります。`,
    ),
  }),
};

/** To the OLD address, once the change is made. */
export function emailChanged(language: Language, values: { name: string; newEmail: string; siteUrl: string }): AccountEmail {
  return CHANGED[language](values);
}

const GUESSED: Wording<(values: { name: string; failures: number; siteUrl: string }) => AccountEmail> = {
  en: ({ name, failures, siteUrl }) => ({
    subject: 'Someone is trying to sign in to your Hearsay account',
    text: lines(
      `Hi ${name},`,
      '',
      `In the last hour, ${failures} sign-ins to your account failed with a wrong password, from browsers you have not signed in with before. They are held back; you can still sign in as usual, and from a new device too.`,
      '',
      `If it was you, there is nothing to do. If not, your password kept them out. To be safe, choose a new one in Settings → Security, or with "Forgot password" at ${siteUrl}/forgot-password.`,
    ),
  }),
  es: ({ name, failures, siteUrl }) => ({
    subject: 'Alguien intenta entrar en tu cuenta de Hearsay',
    text: lines(
      `Hola, ${name}:`,
      '',
      `En la última hora han fallado ${failures} inicios de sesión en tu cuenta con una contraseña incorrecta, desde navegadores con los que no habías entrado antes. Se han frenado; tú puedes seguir entrando como siempre, también desde un dispositivo nuevo.`,
      '',
      `Si fuiste tú, no hace falta hacer nada. Si no, tu contraseña los ha detenido. Para más seguridad, elige otra en Ajustes → Seguridad, o con «¿Olvidaste tu contraseña?» en ${siteUrl}/forgot-password.`,
    ),
  }),
  fr: ({ name, failures, siteUrl }) => ({
    subject: 'Quelqu’un essaie de se connecter à votre compte Hearsay',
    text: lines(
      `Bonjour ${name},`,
      '',
      `Au cours de la dernière heure, ${failures} connexions à votre compte ont échoué avec un mauvais mot de passe, depuis des navigateurs que vous n’aviez jamais utilisés. Elles sont freinées ; vous pouvez toujours vous connecter comme d’habitude, y compris depuis un nouvel appareil.`,
      '',
      `Si c’était vous, il n’y a rien à faire. Sinon, votre mot de passe les a arrêtés. Par prudence, choisissez-en un nouveau dans Paramètres → Sécurité, ou avec « Mot de passe oublié » sur ${siteUrl}/forgot-password.`,
    ),
  }),
  de: ({ name, failures, siteUrl }) => ({
    subject: 'Jemand versucht, sich bei deinem Hearsay-Konto anzumelden',
    text: lines(
      `Hallo ${name},`,
      '',
      `In der letzten Stunde sind ${failures} Anmeldungen bei deinem Konto mit einem falschen Passwort gescheitert, aus Browsern, mit denen du dich noch nie angemeldet hast. Sie werden gebremst; du kannst dich weiter wie gewohnt anmelden, auch von einem neuen Gerät.`,
      '',
      `Warst du es selbst, ist nichts zu tun. Sonst hat dein Passwort sie abgehalten. Zur Sicherheit wähle ein neues unter Einstellungen → Sicherheit oder mit „Passwort vergessen“ auf ${siteUrl}/forgot-password.`,
    ),
  }),
  ja: ({ name, failures, siteUrl }) => ({
    subject: 'Hearsay アカウントへのログインが試みられています',
    text: lines(
      `${name} さん`,
      '',
      `この1時間に、これまで使われたことのないブラウザから、誤ったパスワードによるログインが ${failures} 回失敗しました。これらは制限されています。あなたはこれまでどおり、新しい端末からもログインできます。`,
      '',
      `ご自身の操作であれば、何もする必要はありません。心当たりがない場合も、パスワードが侵入を防いでいます。念のため、設定 → セキュリティ、または ${siteUrl}/forgot-password の「パスワードをお忘れですか」から新しいパスワードを設定してください。`,
    ),
  }),
};

/** To the owner, once an hour at most, when passwords are being guessed from browsers they never used. */
export function signInsGuessed(language: Language, values: { name: string; failures: number; siteUrl: string }): AccountEmail {
  return GUESSED[language](values);
}
