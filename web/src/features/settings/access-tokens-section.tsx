import {
  TOKEN_EXPIRIES,
  TOKEN_NAME_MAX,
  type AccessToken,
  type CreatedToken,
  type TokenExpiry,
  type TokenScope,
} from '@hearsay/contracts/access-tokens';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';

import { formatCalendarDate } from '../../shared/lib/format-date.ts';
import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button, FormButtons, SubmitButton } from '../../shared/ui/button.tsx';
import { Badge } from '../../shared/ui/card.tsx';
import { ConfirmDialog, Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { FormMessage } from '../../shared/ui/form-message.tsx';
import { Checkbox, Field, Input, NativeSelect, TextField } from '../../shared/ui/input.tsx';
import { ErrorState, Skeleton } from '../../shared/ui/skeleton.tsx';
import { accessTokensQueryOptions, useCreateToken, useRevokeToken } from './access-tokens-api.ts';
import { securityQueryOptions } from './api.ts';
import { CurrentPasswordField } from './current-password-field.tsx';
import { SettingsSection } from './settings-section.tsx';
import { useErrorText } from '../../shared/i18n/error-text.ts';

export const EXPIRY_LABELS: Record<TokenExpiry, string> = {
  '30d': 'expiry30d',
  '90d': 'expiry90d',
  '1y': 'expiry1y',
  never: 'expiryNever',
};
const SCOPE_LABELS: Record<TokenScope, string> = {
  read: 'tokens.scopeRead',
  write: 'tokens.scopeWrite',
  'listens:write': 'tokens.scopeListens',
};

/** Settings → Security → Access tokens: create (shown once), list and revoke the tokens a member's own tools use. */
export function AccessTokensSection() {
  const { t } = useTranslation('developers');
  const errorText = useErrorText();
  const tokens = useQuery(accessTokensQueryOptions);
  const [createOpen, setCreateOpen] = useState(false);
  const [revoking, setRevoking] = useState<AccessToken | null>(null);
  const revoke = useRevokeToken();

  const active = tokens.data?.tokens.filter((token) => !token.expired).length ?? 0;
  const full = tokens.data ? active >= tokens.data.limit : false;

  return (
    <SettingsSection id="access-tokens" title={t('tokens.title')} description={t('tokens.description')}>
      <p className="-mt-3 mb-4 text-sm">
        <Link to={paths.developers()} className="font-medium text-accent underline underline-offset-4">
          {t('tokens.learnMore')}
        </Link>
      </p>
      {tokens.isPending ? (
        <Skeleton className="h-24 w-full" />
      ) : tokens.isError ? (
        <ErrorState title={t('tokens.loadFailed')} onRetry={() => void tokens.refetch()} />
      ) : (
        <>
          {tokens.data.tokens.length === 0 ? (
            <p className="text-sm text-ink-muted">{t('tokens.empty')}</p>
          ) : (
            <ul aria-label={t('tokens.title')} className="divide-y divide-line">
              {tokens.data.tokens.map((token) => (
                <TokenRow key={token.id} token={token} onRevoke={() => setRevoking(token)} />
              ))}
            </ul>
          )}
          <div className="mt-4 flex flex-wrap items-center gap-3">
            <Button variant="outline" disabled={full} onClick={() => setCreateOpen(true)}>
              <KeyRound aria-hidden />
              {t('tokens.create')}
            </Button>
            <p className="text-sm text-ink-muted">{t('tokens.count', { count: active, limit: tokens.data.limit })}</p>
          </div>
          {full ? <p className="mt-2 text-sm text-ink-muted">{t('tokens.limitReached')}</p> : null}
        </>
      )}
      {createOpen ? <CreateTokenDialog onClose={() => setCreateOpen(false)} /> : null}
      <ConfirmDialog
        open={revoking !== null}
        onOpenChange={(open) => (open ? null : setRevoking(null))}
        title={t('tokens.revokeTitle', { name: revoking?.name ?? '' })}
        description={t('tokens.revokeDescription')}
        cancelLabel={t('tokens.cancel')}
        confirmLabel={t('tokens.revoke')}
        pending={revoke.isPending}
        onConfirm={() =>
          revoking &&
          revoke.mutate(revoking.id, {
            onSuccess: () => {
              setRevoking(null);
              toast.success(t('tokens.revoked'));
            },
            onError: (cause) => toast.error(errorText(cause, t('tokens.failed'))),
          })
        }
      />
    </SettingsSection>
  );
}

function TokenRow({ token, onRevoke }: { token: AccessToken; onRevoke: () => void }) {
  const { t, i18n } = useTranslation('developers');
  const formatDate = useFormatDate();
  const date = (moment: string) => formatDate(moment);
  const expiry = token.expiresAt
    ? t(token.expired ? 'tokens.expired' : 'tokens.expires', { date: date(token.expiresAt) })
    : t('tokens.neverExpires');
  const lastUsed = token.lastUsedOn
    ? t('tokens.lastUsed', { date: formatCalendarDate(token.lastUsedOn, i18n.language, 'medium') ?? token.lastUsedOn })
    : t('tokens.neverUsed');
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium text-ink">
          <span className="break-all">{token.name}</span>
          {token.scopes.map((scope) => (
            <Badge key={scope}>{t(SCOPE_LABELS[scope])}</Badge>
          ))}
        </p>
        <p className="text-sm text-ink-muted">
          <code className="font-mono text-xs">hsy_{token.prefix}…</code>
          {' · '}
          {[t('tokens.created', { date: date(token.createdAt) }), expiry, lastUsed].join(' · ')}
        </p>
      </div>
      <Button variant="outline" size="sm" aria-label={t('tokens.revokeLabel', { name: token.name })} onClick={onRevoke}>
        {t('tokens.revoke')}
      </Button>
    </li>
  );
}

/** A new token's secret, shown this once, with a button that copies it; `children`: what follows the copy button. */
export function TokenSecret({ secret, id = 'new-token-secret', children }: { secret: string; id?: string; children?: ReactNode }) {
  const { t } = useTranslation('developers');
  return (
    <div className="flex flex-col gap-4">
      <Field id={id} label={t('tokens.secretLabel')}>
        <Input id={id} readOnly value={secret} className="font-mono text-sm" onFocus={(event) => event.currentTarget.select()} />
      </Field>
      <div className="flex flex-wrap justify-end gap-2">
        <Button
          variant="outline"
          onClick={() =>
            void navigator.clipboard.writeText(secret).then(
              () => toast.success(t('tokens.copied')),
              () => toast.error(t('tokens.failed')),
            )
          }
        >
          <Copy aria-hidden />
          {t('tokens.copy')}
        </Button>
        {children}
      </div>
    </div>
  );
}

function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation(['developers', 'settings']);
  const errorText = useErrorText();
  const create = useCreateToken();
  // People who sign in only through a provider have no password; a recent sign-in confirms it is them instead.
  const hasPassword = useQuery(securityQueryOptions).data?.hasPassword ?? true;
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const [write, setWrite] = useState(false);
  const [expiresIn, setExpiresIn] = useState<TokenExpiry>('90d');
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedToken | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError(t('tokens.nameRequired'));
    if (hasPassword && !password) return setError(t('settings:security.passwordRequired'));
    setError(null);
    const scopes: TokenScope[] = write ? ['read', 'write'] : ['read'];
    create.mutate(
      { name: name.trim(), scopes, expiresIn, ...(hasPassword ? { password } : {}) },
      {
        onSuccess: setCreated,
        onError: (cause) => setError(errorText(cause, t('tokens.failed'))),
      },
    );
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      {created ? (
        <DialogContent title={t('tokens.createdTitle')} description={t('tokens.createdDescription')}>
          <TokenSecret secret={created.secret}>
            <Button onClick={onClose}>{t('tokens.done')}</Button>
          </TokenSecret>
        </DialogContent>
      ) : (
        <DialogContent title={t('tokens.createTitle')} description={t('tokens.createDescription')}>
          <form onSubmit={submit} noValidate className="flex flex-col gap-4">
            <FormMessage error={error} />
            <TextField
              id="token-name"
              label={t('tokens.name')}
              placeholder={t('tokens.namePlaceholder')}
              maxLength={TOKEN_NAME_MAX}
              value={name}
              onValueChange={setName}
              autoComplete="off"
            />
            <fieldset className="flex flex-col gap-2">
              <legend className="mb-1 text-sm font-medium text-ink">{t('tokens.scopes')}</legend>
              <label className="flex items-start gap-2 text-sm text-ink">
                <input type="checkbox" className="mt-0.5 size-4" checked disabled />
                <span>
                  <span className="font-medium">{t('tokens.read')}</span>
                  <span className="block text-ink-muted">{t('tokens.readHint')}</span>
                </span>
              </label>
              <Checkbox
                checked={write}
                onCheckedChange={setWrite}
                label={
                  <span>
                    <span className="font-medium">{t('tokens.write')}</span>
                    <span className="block text-ink-muted">{t('tokens.writeHint')}</span>
                  </span>
                }
              />
            </fieldset>
            <Field id="token-expiry" label={t('tokens.expiry')}>
              <NativeSelect id="token-expiry" value={expiresIn} onChange={(event) => setExpiresIn(event.target.value as TokenExpiry)}>
                {TOKEN_EXPIRIES.map((expiry) => (
                  <option key={expiry} value={expiry}>
                    {t(`tokens.${EXPIRY_LABELS[expiry]}`)}
                  </option>
                ))}
              </NativeSelect>
            </Field>
            {hasPassword ? (
              <CurrentPasswordField id="token-password" value={password} onValueChange={setPassword} />
            ) : (
              <p className="text-sm text-ink-muted">{t('settings:accountChanges.noPassword')}</p>
            )}
            <FormButtons cancelLabel={t('tokens.cancel')} onCancel={onClose}>
              <SubmitButton pending={create.isPending} pendingLabel={t('tokens.creating')}>
                {t('tokens.create')}
              </SubmitButton>
            </FormButtons>
          </form>
        </DialogContent>
      )}
    </Dialog>
  );
}
