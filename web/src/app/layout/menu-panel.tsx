import { LogOut } from 'lucide-react';
import { Dialog as Primitive } from 'radix-ui';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { cn } from '../../shared/lib/cn.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Dialog, DialogContent } from '../../shared/ui/dialog.tsx';
import { NAVIGATION } from '../navigation.ts';
import { LanguageSelect } from './language-select.tsx';

/** The 280 px menu panel of spec §2 Layout. */
export function MenuPanel({
  open,
  onOpenChange,
  onSignOut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSignOut: () => void;
}) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent title={t('nav.menuTitle')} side="right" className="w-[280px] max-w-full">
        <Primitive.Description className="sr-only">{t('nav.menuDescription')}</Primitive.Description>
        {session.status === 'signed-in' ? (
          <div className="mb-4 flex items-center gap-3 rounded-xl bg-surface-2 p-3">
            <Avatar name={session.user.name} src={session.user.avatarUrl} />
            <div className="min-w-0">
              <p className="truncate font-semibold">{session.user.name}</p>
              <p className="truncate text-sm text-ink-muted">@{session.user.username}</p>
            </div>
          </div>
        ) : null}
        <nav aria-label={t('nav.main')} className="flex flex-col gap-0.5">
          {NAVIGATION.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              end={item.to === '/'}
              onClick={() => onOpenChange(false)}
              className={({ isActive }) =>
                cn(
                  'flex items-center gap-3 rounded-xl px-3 py-2.5 text-[0.95rem] font-medium text-ink-muted hover:bg-surface-2 hover:text-ink',
                  isActive && 'bg-accent-soft text-ink',
                )
              }
            >
              <item.icon aria-hidden className="size-5" />
              {t(item.label)}
            </NavLink>
          ))}
          {session.status === 'signed-in' ? (
            <button
              type="button"
              onClick={() => {
                onOpenChange(false);
                onSignOut();
              }}
              className="mt-2 flex items-center gap-3 rounded-xl border-t border-line px-3 py-2.5 text-left text-[0.95rem] font-medium text-danger hover:bg-danger-soft"
            >
              <LogOut aria-hidden className="size-5" />
              {t('actions.signOut')}
            </button>
          ) : null}
        </nav>
        <LanguageSelect className="mt-4 block px-3" />
      </DialogContent>
    </Dialog>
  );
}
