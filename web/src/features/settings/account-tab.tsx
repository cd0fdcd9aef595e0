import { useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../shared/auth/session.ts';
import { ListenImport } from '../../shared/imports/listen-import.tsx';
import { RymImport } from '../../shared/imports/rym-import.tsx';
import { ApiError } from '../../shared/lib/api-client.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button, FormButtons, SubmitButton } from '../../shared/ui/button.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Field, Input, NameField, TextareaField, TextField } from '../../shared/ui/input.tsx';
import { securityQueryOptions, useDeleteAccount, useRemoveAvatar, useSaveProfile, useUploadAvatar } from './api.ts';
import { ChangeEmail } from './change-email.tsx';
import { ChangeUsername } from './change-username.tsx';
import { CurrentPasswordField } from './current-password-field.tsx';
import { SettingsSection } from './settings-section.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

const BIO_MAX = 500;
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/** Settings → Account: picture, display name, bio, changing the username and e-mail, and deleting the account. */
export function AccountTab() {
  const session = useSession();
  if (session.status !== 'signed-in') return null;
  return (
    <div className="flex flex-col gap-6">
      <ProfileDetails key={session.user.id} user={session.user} />
      <ImportSection />
      <DeleteAccount />
    </div>
  );
}

function ProfileDetails({ user }: { user: { name: string; username: string; email: string; bio: string; avatarUrl: string | null } }) {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const save = useSaveProfile();
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();
  const [name, setName] = useState(user.name);
  const [bio, setBio] = useState(user.bio);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > AVATAR_MAX_BYTES) return toast.error(t('account.pictureTooBig'));
    upload.mutate(file, {
      onSuccess: () => toast.success(t('account.pictureSaved')),
      onError: (cause) => toast.error(errorText(cause, t('failed'))),
    });
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    if (!name.trim()) return setError(t('account.nameRequired'));
    setError(null);
    save.mutate(
      { name: name.trim(), bio },
      {
        onSuccess: () => setSaved(true),
        onError: (cause) => setError(cause instanceof ApiError && cause.status !== 0 ? errorText(cause) : t('account.saveFailed')),
      },
    );
  };

  return (
    <SettingsSection id="account-details" title={t('tabs.account')}>
      <div className="mb-6 flex flex-wrap items-center gap-4">
        <Avatar name={user.name} src={user.avatarUrl} size="xl" />
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <label className="cursor-pointer">
              {upload.isPending ? t('account.uploading') : t('account.uploadPicture')}
              <input type="file" accept="image/jpeg,image/png,image/webp,image/gif" className="sr-only" onChange={choose} />
            </label>
          </Button>
          {user.avatarUrl ? (
            <Button
              variant="ghost"
              size="sm"
              disabled={remove.isPending}
              onClick={() => remove.mutate(undefined, { onSuccess: () => toast.success(t('account.pictureRemoved')) })}
            >
              {t('account.removePicture')}
            </Button>
          ) : null}
        </div>
      </div>
      <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-4">
        <FormMessage error={error} success={saved ? t('account.saved') : null} />
        <NameField id="settings-name" label={t('account.displayName')} value={name} onValueChange={setName} />
        <Field id="settings-username" label={t('account.username')} hint={t('account.usernameHint', { username: user.username })}>
          <div className="flex gap-2">
            <Input id="settings-username" value={`@${user.username}`} readOnly />
            <ChangeUsername current={user.username} />
          </div>
        </Field>
        <Field id="settings-email" label={t('account.email')} hint={t('account.emailHint')}>
          <div className="flex gap-2">
            <Input id="settings-email" value={user.email} readOnly />
            <ChangeEmail />
          </div>
        </Field>
        <TextareaField
          id="settings-bio"
          label={t('account.bio')}
          hint={t('account.bioCount', { count: bio.length, max: BIO_MAX })}
          value={bio}
          onValueChange={setBio}
          maxLength={BIO_MAX}
          rows={4}
        />
        <SubmitButton className="self-start" pending={save.isPending} pendingLabel={t('account.saving')}>
          {t('account.save')}
        </SubmitButton>
      </form>
    </SettingsSection>
  );
}

function ImportSection() {
  const { t } = useTranslation('settings');
  return (
    <>
      <SettingsSection id="rym-import" title={t('account.importTitle')}>
        <RymImport />
      </SettingsSection>
      <SettingsSection id="listen-import" title={t('account.listensImportTitle')}>
        <ListenImport />
      </SettingsSection>
    </>
  );
}

function DeleteAccount() {
  const { t } = useTranslation('settings');
  const errorText = useErrorText();
  const security = useQuery(securityQueryOptions);
  const remove = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const hasPassword = security.data?.hasPassword ?? true;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    remove.mutate(hasPassword ? { password } : { confirmation }, {
      onError: (cause) => setError(errorText(cause, t('failed'))),
    });
  };

  return (
    <SettingsSection id="delete-account" title={t('delete.title')} description={t('delete.description')}>
      <Button variant="danger" onClick={() => setOpen(true)}>
        {t('delete.button')}
      </Button>
      <Dialog
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) {
            setPassword('');
            setConfirmation('');
            setError(null);
          }
        }}
      >
        <DialogContent title={t('delete.confirmTitle')} description={t('delete.confirmDescription')}>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <p className="text-sm text-ink-muted">
              {t('delete.what')}{' '}
              <Link to="/privacy" className="font-medium text-accent underline underline-offset-4">
                {t('delete.privacyLink')}
              </Link>
            </p>
            <FormMessage error={error} />
            {hasPassword ? (
              <CurrentPasswordField id="delete-password" value={password} onValueChange={setPassword} />
            ) : (
              <TextField id="delete-confirmation" label={t('delete.typeDelete')} value={confirmation} onValueChange={setConfirmation} />
            )}
            <FormButtons cancelLabel={t('cancel')} onCancel={() => setOpen(false)}>
              <SubmitButton
                variant="danger"
                pending={remove.isPending}
                pendingLabel={t('delete.deleting')}
                disabled={hasPassword ? !password : confirmation !== 'DELETE'}
              >
                {t('delete.confirm')}
              </SubmitButton>
            </FormButtons>
          </form>
        </DialogContent>
      </Dialog>
    </SettingsSection>
  );
}
