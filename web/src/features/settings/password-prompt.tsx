import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';

import { Button, FormButtons } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** Asks for the current password before a change that matters (two-factor off, new backup codes). */
export function PasswordPrompt({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  danger,
  onConfirm,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  confirmLabel: string;
  danger?: boolean;
  onConfirm: (password: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const close = (next: boolean) => {
    if (!next) {
      setPassword('');
      setError(null);
    }
    onOpenChange(next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('security.passwordRequired'));
    setPending(true);
    try {
      await onConfirm(password);
      close(false);
    } catch (cause) {
      setError(errorText(cause, t('failed')));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent title={title} description={description}>
        <form onSubmit={(event) => void submit(event)} noValidate className="flex flex-col gap-4">
          <FormMessage error={error} />
          <CurrentPasswordField id="confirm-current-password" value={password} onValueChange={setPassword} />
          <FormButtons cancelLabel={t('cancel')} onCancel={() => close(false)}>
            <Button type="submit" variant={danger ? 'danger' : 'primary'} disabled={pending}>
              {confirmLabel}
            </Button>
          </FormButtons>
        </form>
      </DialogContent>
    </Dialog>
  );
}
