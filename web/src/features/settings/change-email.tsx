import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Button, FormButtons, SubmitButton } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { EmailField } from '../../shared/ui/input.tsx';
import { securityQueryOptions, useRequestEmailChange } from './api.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { EMAIL_LINK_HOURS } from '@hearsay/contracts/constants';
import { useErrorText } from '../../shared/i18n/error-text.ts';

/** "Change" beside the e-mail address: a link goes to the new address, and the change waits for it to be opened. */
export function ChangeEmail() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const security = useQuery(securityQueryOptions);
  const hasPassword = security.data?.hasPassword ?? true;
  const request = useRequestEmailChange();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const openChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      setEmail('');
      setPassword('');
      setError(null);
      setSentTo(null);
    }
  };

  const submit = (event: FormEvent) => {
    // The dialog sits inside the profile form: its submit must not save that form too.
    event.preventDefault();
    event.stopPropagation();
    if (!email.trim()) return setError(t('accountChanges.email.required'));
    if (hasPassword && !password) return setError(t('accountChanges.email.passwordRequired'));
    setError(null);
    request.mutate(
      { email: email.trim(), ...(hasPassword ? { password } : {}) },
      {
        onSuccess: (answer) => setSentTo(answer.email),
        onError: (cause) => setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('failed')),
      },
    );
  };

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)} aria-label={t('accountChanges.email.open')}>
        {t('accountChanges.change')}
      </Button>
      <Dialog open={open} onOpenChange={openChange}>
        <DialogContent
          title={t('accountChanges.email.title')}
          description={t('accountChanges.email.description', { hours: EMAIL_LINK_HOURS })}
        >
          {sentTo ? (
            <div className="flex flex-col gap-4">
              <FormMessage success={t('accountChanges.email.sent', { email: sentTo })} />
              <Button className="self-end" onClick={() => openChange(false)}>
                {t('accountChanges.email.done')}
              </Button>
            </div>
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              <FormMessage error={error} />
              <EmailField id="change-email" label={t('accountChanges.email.field')} value={email} onValueChange={setEmail} />
              {hasPassword ? (
                <CurrentPasswordField id="change-email-password" value={password} onValueChange={setPassword} />
              ) : (
                <p className="text-sm text-ink-muted">{t('accountChanges.noPassword')}</p>
              )}
              <FormButtons cancelLabel={t('cancel')} onCancel={() => openChange(false)}>
                <SubmitButton pending={request.isPending} pendingLabel={t('accountChanges.email.sending')}>
                  {t('accountChanges.email.submit')}
                </SubmitButton>
              </FormButtons>
            </form>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
