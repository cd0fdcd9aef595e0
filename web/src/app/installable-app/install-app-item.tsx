import { Download } from 'lucide-react';
import type { DropdownMenu } from 'radix-ui';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { installMethod, onInstallabilityChange, promptInstall } from './installability.ts';

/**
 * "Install the app" in the account menu, shown when this browser can install it: its own prompt, or on an iPhone or
 * iPad the steps in Safari (which has no prompt). The menu gives its item component, so this chunk brings no copy of it.
 */
export function InstallAppItem({ Item, className }: { Item: typeof DropdownMenu.Item; className: string }) {
  const { t } = useTranslation('settings');
  const method = useSyncExternalStore(onInstallabilityChange, installMethod, () => null);
  if (!method) return null;
  const install = () => {
    if (method === 'prompt') void promptInstall();
    else toast(t('app.iosTitle'), { id: 'install-steps', description: t('app.iosSteps'), duration: Number.POSITIVE_INFINITY });
  };
  return (
    <Item onSelect={install} className={className}>
      <Download aria-hidden />
      {t('app.install')}
    </Item>
  );
}
