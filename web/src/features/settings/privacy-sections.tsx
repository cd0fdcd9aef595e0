import type { MessagePolicy, SharingSettings } from '@hearsay/contracts/settings';
import { useTranslation } from 'react-i18next';
import { Loaded, Toggle, useSave } from './member-settings-controls.tsx';
import { SettingsSection } from './settings-section.tsx';

const POLICIES: readonly MessagePolicy[] = ['everyone', 'connections', 'nobody'];

/** Privacy → Direct messages: who may start a conversation with you. */
export function MessagePrivacySection() {
  const { t } = useTranslation('settings');
  const { save, shown } = useSave();
  return (
    <Loaded>
      {(settings) => {
        const { messages } = shown(settings);
        return (
          <SettingsSection id="privacy-messages" title={t('messagesPrivacy.title')} description={t('messagesPrivacy.description')}>
            <fieldset className="flex flex-col gap-3">
              <legend className="sr-only">{t('messagesPrivacy.title')}</legend>
              {POLICIES.map((policy) => (
                <label key={policy} className="flex items-center gap-3 text-sm text-ink">
                  <input
                    type="radio"
                    name="messages-allow-from"
                    className="size-4 accent-[var(--color-accent)]"
                    checked={messages.allowFrom === policy}
                    onChange={() => save({ messages: { allowFrom: policy } })}
                  />
                  {t(`messagesPrivacy.${policy}`)}
                </label>
              ))}
            </fieldset>
          </SettingsSection>
        );
      }}
    </Loaded>
  );
}

const SHARED: readonly (keyof SharingSettings)[] = ['listening', 'ratings', 'reviews'];

/** Privacy → Sharing: whether your listens, ratings and reviews reach other people's feeds and your profile. */
export function SharingSection() {
  const { t } = useTranslation('settings');
  const { save, shown } = useSave();
  return (
    <Loaded>
      {(settings) => {
        const { sharing } = shown(settings);
        return (
          <SettingsSection id="privacy-sharing" title={t('sharing.title')} description={t('sharing.description')}>
            <div className="divide-y divide-line">
              {SHARED.map((key) => (
                <Toggle
                  key={key}
                  label={t(`sharing.${key}.label`)}
                  hint={t(`sharing.${key}.hint`)}
                  checked={sharing[key]}
                  onChange={(on) => save({ sharing: { [key]: on } })}
                />
              ))}
            </div>
          </SettingsSection>
        );
      }}
    </Loaded>
  );
}
