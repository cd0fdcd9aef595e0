import { useTranslation } from 'react-i18next';
import { Loaded, Toggle, useSave } from './member-settings-controls.tsx';
import { PushDeviceToggle } from './push-device-toggle.tsx';
import { SettingsSection } from './settings-section.tsx';

const ABOUT = ['newFollowers', 'reviewComments', 'commentReplies', 'mentions', 'recommendations'] as const;

/** Settings → Notifications (spec §2): e-mail toggles, the push toggle, and the kinds of news wanted, each saved on change. */
export function NotificationsTab() {
  const { t } = useTranslation('settings');
  const { save, shown } = useSave();
  return (
    <Loaded>
      {(settings) => {
        const { notifications } = shown(settings);
        return (
          <div className="flex flex-col gap-6">
            <SettingsSection
              id="notifications-email"
              title={t('notifications.email.title')}
              description={t('notifications.email.description')}
            >
              <div className="divide-y divide-line">
                <Toggle
                  label={t('notifications.email.newFollowers')}
                  hint={t('notifications.email.newFollowersHint')}
                  checked={notifications.email.newFollowers}
                  onChange={(on) => save({ notifications: { email: { newFollowers: on } } })}
                />
                <Toggle
                  label={t('notifications.email.weeklyDigest')}
                  hint={t('notifications.email.weeklyDigestHint')}
                  checked={notifications.email.weeklyDigest}
                  onChange={(on) => save({ notifications: { email: { weeklyDigest: on } } })}
                />
              </div>
            </SettingsSection>
            <SettingsSection
              id="notifications-push"
              title={t('notifications.push.title')}
              description={t('notifications.push.description')}
            >
              <PushDeviceToggle pushWanted={notifications.push} save={save} />
            </SettingsSection>
            <SettingsSection
              id="notifications-about"
              title={t('notifications.about.title')}
              description={t('notifications.about.description')}
            >
              <fieldset className="flex flex-col gap-3">
                <legend className="sr-only">{t('notifications.about.title')}</legend>
                {ABOUT.map((key) => (
                  <label key={key} className="flex items-center gap-3 text-sm text-ink">
                    <input
                      type="checkbox"
                      className="size-4 accent-[var(--color-accent)]"
                      checked={notifications.about[key]}
                      onChange={(event) => save({ notifications: { about: { [key]: event.target.checked } } })}
                    />
                    {t(`notifications.about.${key}`)}
                  </label>
                ))}
              </fieldset>
            </SettingsSection>
          </div>
        );
      }}
    </Loaded>
  );
}
