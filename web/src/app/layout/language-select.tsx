import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { usePickLanguage } from '../../features/settings/member-appearance.ts';
import { LANGUAGE_NAMES, LANGUAGES, type Language } from '../../shared/i18n/index.ts';

/** The language picker of the footer and the phone menu: for visitors, and a shortcut for members (saved on the account). */
export function LanguageSelect({ className }: { className?: string }) {
  const { t } = useTranslation();
  const { shown, pick } = usePickLanguage();
  const id = useId();
  return (
    <span className={className}>
      <label htmlFor={id} className="sr-only">
        {t('footer.language')}
      </label>
      <select
        id={id}
        value={shown}
        onChange={(event) => pick(event.target.value as Language)}
        className="rounded-lg border border-line bg-surface px-2 py-1 text-sm text-ink"
      >
        {LANGUAGES.map((language) => (
          <option key={language} value={language} lang={language}>
            {LANGUAGE_NAMES[language]}
          </option>
        ))}
      </select>
    </span>
  );
}
