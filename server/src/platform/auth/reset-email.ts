import type { Language, Wording } from '../languages.ts';

interface ResetValues {
  name: string;
  link: string;
  minutes: number;
}

/** The password-reset e-mail, in each of Hearsay's languages. */
const RESET: Wording<(values: ResetValues) => { subject: string; lines: string[] }> = {
  en: ({ name, link, minutes }) => ({
    subject: 'Reset your Hearsay password',
    lines: [
      `Hi ${name},`,
      '',
      'Someone (hopefully you) asked to reset the password of your Hearsay account. Choose a new one here:',
      '',
      link,
      '',
      `The link works once and expires in ${minutes} minutes. If you did not ask for this, ignore this e-mail: your password stays as it is.`,
    ],
  }),
  es: ({ name, link, minutes }) => ({
    subject: 'Restablece tu contraseña de Hearsay',
    lines: [
      `Hola, ${name}:`,
      '',
      'Alguien (esperamos que tú) ha pedido restablecer la contraseña de tu cuenta de Hearsay. Elige una nueva aquí:',
      '',
      link,
      '',
      `El enlace sirve una sola vez y caduca en ${minutes} minutos. Si no lo pediste tú, ignora este correo: tu contraseña no cambia.`,
    ],
  }),
  fr: ({ name, link, minutes }) => ({
    subject: 'Réinitialisez votre mot de passe Hearsay',
    lines: [
      `Bonjour ${name},`,
      '',
      'Quelqu’un (vous, espérons-le) a demandé à réinitialiser le mot de passe de votre compte Hearsay. Choisissez-en un nouveau ici :',
      '',
      link,
      '',
      `Le lien ne fonctionne qu’une fois et expire dans ${minutes} minutes. Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.`,
    ],
  }),
  de: ({ name, link, minutes }) => ({
    subject: 'Setze dein Hearsay-Passwort zurück',
    lines: [
      `Hallo ${name},`,
      '',
      'Jemand (hoffentlich du) möchte das Passwort deines Hearsay-Kontos zurücksetzen. Wähle hier ein neues:',
      '',
      link,
      '',
      `Der Link funktioniert einmal und läuft in ${minutes} Minuten ab. Wenn du das nicht angefordert hast, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.`,
    ],
  }),
  ja: ({ name, link, minutes }) => ({
    subject: 'Hearsayのパスワードの再設定',
    lines: [
      `${name}さん`,
      '',
      'Hearsayアカウントのパスワード再設定のリクエストがありました。こちらから新しいパスワードを設定してください。',
      '',
      link,
      '',
      `このリンクは1回だけ使え、${minutes}分で無効になります。お心当たりがない場合は、このメールを無視してください。パスワードは変更されません。`,
    ],
  }),
};

export function resetPasswordEmail(language: Language, values: ResetValues): { subject: string; text: string } {
  const { subject, lines } = RESET[language](values);
  return { subject, text: lines.join('\n') };
}
