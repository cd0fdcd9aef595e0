import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button, FormButtons, SubmitButton } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { TextField } from '../../shared/ui/input.tsx';
import { securityQueryOptions, useChangeUsername } from './api.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { isReservedUsername, USERNAME_REDIRECT_DAYS } from '@hearsay/contracts/constants';
import { useErrorText } from '../../shared/i18n/error-text.ts';

type UsernameProblem = 'required' | 'reserved' | 'length' | 'characters' | 'edges' | 'same';

/** The rules of the server's username schema, checked before sending so the reason shows at once. */
function usernameProblem(name: string, current: string): UsernameProblem | null {
  if (!name) return 'required';
  if (isReservedUsername(name)) return 'reserved';
  if (name.length < 3 || name.length > 30) return 'length';
  if (!/^[a-z0-9_]+$/.test(name)) return 'characters';
  if (!/^[a-z0-9](.*[a-z0-9])?$/.test(name)) return 'edges';
  if (name === current) return 'same';
  return null;
}

/** "Change" beside the username: the new name and the current password; the session shows the new name at once. */
export function ChangeUsername({ current }: { current: string }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const security = useQuery(securityQueryOptions);
  const hasPassword = security.data?.hasPassword ?? true;
  const change = useChangeUsername();
  const [open, setOpen] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setUsername('');
      setPassword('');
      setError(null);
    }
  };

  const submit = (event: FormEvent) => {
    // The dialog sits inside the profile form: its submit must not save that form too.
    event.preventDefault();
    event.stopPropagation();
    const name = username.trim().toLowerCase();
    const problem = usernameProblem(name, current);
    if (problem) return setError(t(`accountChanges.username.${problem}`));
    if (hasPassword && !password) return setError(t('accountChanges.email.passwordRequired'));
    setError(null);
    change.mutate(
      { username: name, ...(hasPassword ? { password } : {}) },
      {
        onSuccess: ({ user }) => {
          toast.success(t('accountChanges.username.done', { username: user.username }));
          openChange(false);
        },
        onError: (cause) => setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('failed')),
      },
    );
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={t('accountChanges.username.open')}>
        {t('accountChanges.change')}
      </Button>
      <Dialog open={open} onOpenChange={openChange}>
        <DialogContent
          title={t('accountChanges.username.title')}
          description={t('accountChanges.username.description', { days: USERNAME_REDIRECT_DAYS })}
        >
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <FormMessage error={error} />
            <TextField
              id="change-username"
              label={t('accountChanges.username.field')}
              hint={t('accountChanges.username.hint')}
              value={username}
              onValueChange={setUsername}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={40}
            />
            {hasPassword ? (
              <CurrentPasswordField id="change-username-password" value={password} onValueChange={setPassword} />
            ) : (
              <p className="text-sm text-ink-muted">{t('accountChanges.noPassword')}</p>
            )}
            <FormButtons cancelLabel={t('cancel')} onCancel={() => openChange(false)}>
              <SubmitButton pending={change.isPending} pendingLabel={t('accountChanges.username.saving')}>
                {t('accountChanges.username.submit')}
              </SubmitButton>
            </FormButtons>
          </form>
        </DialogContent>
      </Dialog>
    </>
  );
}
