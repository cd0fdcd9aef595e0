import type { CurrentUser } from '@hearsay/contracts/accounts';
import { useQuery } from '@tanstack/react-query';
import { Combine, LogOut, ShieldCheck } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../shared/lib/cn.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { NAVIGATION } from '../navigation.ts';
import { moderationAccessQueryOptions } from '../../features/moderation/access-api.ts';

// Fetched when the menu opens (the menu is never rendered on the server): most visits never ask to install the app.
const InstallAppItem = lazy(() => import('../installable-app/install-app-item.tsx').then((module) => ({ default: module.InstallAppItem })));

const ACCOUNT_LINKS = ['/profile/me', '/library', '/messages', '/settings'];
const itemClass =
  'flex cursor-pointer items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-ink outline-none data-[highlighted]:bg-surface-2 [&_svg]:size-4 [&_svg]:shrink-0 [&_svg]:text-ink-muted';

/**
 * Your avatar in the header, opening Profile, Library, Messages, Settings, Moderation for moderators, Curation for
 * whoever curates the catalog (moderators and catalog editors), Install the app where the browser can, and Sign Out (arrow keys move through them).
 */
export function AccountMenu({ user, onSignOut }: { user: CurrentUser; onSignOut: () => void }) {
  const { t } = useTranslation();
  const access = useQuery({ ...moderationAccessQueryOptions, staleTime: 5 * 60_000 });
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger asChild>
        <button
          type="button"
          className="shrink-0 rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent focus-visible:ring-offset-2 focus-visible:ring-offset-canvas"
        >
          {/* Named by hidden text, not aria-label: the initials shown are not part of the name. */}
          <span className="sr-only">{t('nav.accountMenu', { name: user.name })}</span>
          <Avatar name={user.name} src={user.avatarUrl} size="sm" className="size-9" />
        </button>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={8} className="z-50 w-60 rounded-xl border border-line bg-surface p-1 shadow-pop">
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate font-semibold text-ink">{user.name}</span>
            <span className="block truncate text-sm text-ink-muted">@{user.username}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          {NAVIGATION.filter((item) => ACCOUNT_LINKS.includes(item.to)).map((item) => (
            <DropdownMenu.Item key={item.to} asChild className={itemClass}>
              <Link to={item.to}>
                <item.icon aria-hidden />
                {t(item.label)}
              </Link>
            </DropdownMenu.Item>
          ))}
          {access.data?.canModerate ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/moderation">
                <ShieldCheck aria-hidden />
                {t('nav.moderation')}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          {access.data?.canCurate ? (
            <DropdownMenu.Item asChild className={itemClass}>
              <Link to="/curation">
                <Combine aria-hidden />
                {t('nav.curation')}
              </Link>
            </DropdownMenu.Item>
          ) : null}
          <Suspense>
            <InstallAppItem Item={DropdownMenu.Item} className={itemClass} />
          </Suspense>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item onSelect={onSignOut} className={cn(itemClass, 'text-danger [&_svg]:text-danger')}>
            <LogOut aria-hidden />
            {t('actions.signOut')}
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
