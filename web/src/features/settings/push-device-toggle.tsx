import type { MemberSettingsPatch } from '@hearsay/contracts/settings';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../shared/i18n/error-text.ts';
import { toast } from '../../shared/lib/toast.ts';
import { Toggle } from './member-settings-controls.tsx';
import type { DeviceState } from './push-device.ts';

// Talking to the browser's service worker and push service: that code loads when this switch is shown, not with the app.
const device = () => import('./push-device.ts');

/**
 * Settings → Notifications → Push on this device (decision 084). On asks the browser's permission, subscribes it and
 * turns the member's pushes on; off ends this device's subscription only (the member's other devices keep theirs).
 * The words under it say how it stands here: on, off, blocked in the browser's settings, or not available.
 */
export function PushDeviceToggle({ pushWanted, save }: { pushWanted: boolean; save: (patch: MemberSettingsPatch) => void }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [state, setState] = useState<DeviceState | 'checking'>('checking');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    device()
      .then(({ deviceState }) => deviceState(pushWanted))
      .then(
        (found) => current && setState(found),
        () => current && setState('unavailable'),
      );
    return () => {
      current = false;
    };
  }, [pushWanted]);

  async function change(on: boolean) {
    setBusy(true);
    try {
      const { turnOn, turnOff } = await device();
      const reached = on ? await turnOn() : await turnOff();
      setState(reached);
      if (reached === 'on' && !pushWanted) save({ notifications: { push: true } });
      if (reached === 'blocked') toast.error(t('notifications.push.blocked'));
    } catch (error) {
      toast.error(errorText(error, t('notifications.push.failed')));
    } finally {
      setBusy(false);
    }
  }

  const hint = state === 'checking' ? undefined : t(`notifications.push.state.${state}`);
  return (
    <Toggle
      label={t('notifications.push.label')}
      hint={hint}
      checked={state === 'on'}
      disabled={busy || state === 'checking' || state === 'unavailable' || state === 'blocked'}
      onChange={(on) => void change(on)}
    />
  );
}
