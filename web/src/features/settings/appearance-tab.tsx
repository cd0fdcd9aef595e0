import type { Theme } from '@hearsay/contracts/settings';
import { useTranslation } from 'react-i18next';
import { LANGUAGE_NAMES, LANGUAGES } from '../../shared/i18n/index.ts';
import { applyTheme, usePickLanguage } from './member-appearance.ts';
import { Loaded, useSave } from './member-settings-controls.tsx';
import { SettingsSection } from './settings-section.tsx';

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

/** Settings → Appearance (spec §2): Light, Dark or System, saved on the account; the language. */
export function AppearanceTab() {
  const { t } = useTranslation('settings');
  const { save, shown } = useSave();
  return (
    <div className="flex flex-col gap-6">
      <Loaded>
        {(settings) => {
          const { theme } = shown(settings).appearance;
          return (
            <SettingsSection id="appearance-theme" title={t('appearance.theme.title')} description={t('appearance.theme.description')}>
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">{t('appearance.theme.title')}</legend>
                {THEMES.map((choice) => (
                  <label key={choice} className="flex items-center gap-3 text-sm text-ink">
                    <input
                      type="radio"
                      name="appearance-theme"
                      className="size-4 accent-[var(--color-accent)]"
                      checked={theme === choice}
                      onChange={() => {
                        applyTheme(choice);
                        save({ appearance: { theme: choice } });
                      }}
                    />
                    {t(`appearance.theme.${choice}`)}
                  </label>
                ))}
              </fieldset>
            </SettingsSection>
          );
        }}
      </Loaded>
      <LanguageSection />
    </div>
  );
}

function LanguageSection() {
  const { t } = useTranslation('settings');
  const { shown: current, pick } = usePickLanguage();
  return (
    <SettingsSection id="appearance-language" title={t('appearance.language.title')} description={t('appearance.language.description')}>
      <fieldset className="flex flex-col gap-3">
        <legend className="sr-only">{t('appearance.language.title')}</legend>
        {LANGUAGES.map((language) => (
          <label key={language} className="flex items-center gap-3 text-sm text-ink" lang={language}>
            <input
              type="radio"
              name="appearance-language"
              className="size-4 accent-[var(--color-accent)]"
              checked={current === language}
              onChange={() => pick(language)}
            />
            {LANGUAGE_NAMES[language]}
          </label>
        ))}
      </fieldset>
    </SettingsSection>
  );
}
