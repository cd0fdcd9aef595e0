import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../shared/ui/password-input.tsx';

/** "Current password", asked before anything that changes how the account is secured (or deletes it). */
export function CurrentPasswordField({ id, value, onValueChange }: { id: string; value: string; onValueChange: (value: string) => void }) {
  const { t } = useTranslation('settings');
  return (
    <PasswordField
      id={id}
      label={t('security.currentPassword')}
      autoComplete="current-password"
      value={value}
      onValueChange={onValueChange}
    />
  );
}
