import { Menu } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { cn } from '../../shared/lib/cn.ts';
import { deferred } from '../../shared/lib/deferred.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { PhoneSearch, SearchBox } from './header-search.tsx';

// Only members see these (and their menu, counts and live updates): visitors never fetch their code.
const MemberActions = deferred('member-actions', () => import('./member-actions.tsx').then((module) => module.MemberActions));

const DESKTOP_LINKS = [
  { to: '/explore', label: 'nav.explore' },
  { to: '/trending', label: 'nav.trending' },
  { to: '/discover', label: 'nav.discover' },
  { to: '/lists', label: 'nav.lists' },
] as const;

/** Where the search box is shown instead of the phone's search icon (Tailwind's `md`). */
const WIDE_SCREEN = '(min-width: 768px)';

/** `/` anywhere but in a field (or a dialog or menu, which keep focus to themselves) calls `focusSearch`. */
function useSlashToSearch(focusSearch: () => void) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
      const target = event.target;
      if (target instanceof Element && target.closest('input, textarea, select, [contenteditable], [role="dialog"], [role="menu"]')) return;
      event.preventDefault();
      focusSearch();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [focusSearch]);
}

/**
 * Sticky header of spec §2 Layout: brand, search (a box on wider screens, an icon on phones), the bell, quick-add and
 * your avatar's menu (signed in), sign in / up (signed out, hidden while loading), and the menu toggle.
 */
export function Header({ onOpenMenu, onQuickAdd, onSignOut }: { onOpenMenu: () => void; onQuickAdd: () => void; onSignOut: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const searchInput = useRef<HTMLInputElement>(null);
  const [phoneSearchOpen, setPhoneSearchOpen] = useState(false);

  const focusSearch = useCallback(() => {
    if (window.matchMedia?.(WIDE_SCREEN).matches === false) setPhoneSearchOpen(true);
    else searchInput.current?.focus();
  }, []);
  useSlashToSearch(focusSearch);

  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/85 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-2 md:gap-4">
        {/* Smaller on phones, so that a visitor's search, Sign in, Sign up and menu fit beside it at 360 px. */}
        <Link to="/" className="shrink-0 font-display text-lg font-bold tracking-[0.12em] text-ink sm:text-xl sm:tracking-[0.18em]">
          {t('brand')}
        </Link>
        <nav aria-label={t('nav.main')} className="ml-2 hidden shrink-0 items-center gap-1 lg:flex">
          {DESKTOP_LINKS.map((link) => (
            <NavLink
              key={link.to}
              to={link.to}
              className={({ isActive }) =>
                cn(
                  'rounded-full px-3 py-1.5 text-sm font-medium text-ink-muted hover:bg-surface-2 hover:text-ink',
                  isActive && 'bg-surface-2 text-ink',
                )
              }
            >
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        <SearchBox inputRef={searchInput} />
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-2">
          <PhoneSearch open={phoneSearchOpen} onOpenChange={setPhoneSearchOpen} />
          {session.status === 'signed-in' ? <MemberActions user={session.user} onQuickAdd={onQuickAdd} onSignOut={onSignOut} /> : null}
          {session.status === 'signed-out' ? (
            <>
              <Button asChild variant="ghost" size="sm" className="px-2 sm:px-3">
                <Link to="/login">{t('actions.signIn')}</Link>
              </Button>
              <Button asChild size="sm" className="px-2.5 sm:px-3">
                <Link to="/register">{t('actions.signUp')}</Link>
              </Button>
            </>
          ) : null}
          <Button variant="ghost" size="icon" className="size-9 sm:size-10" aria-label={t('nav.openMenu')} onClick={onOpenMenu}>
            <Menu className="size-5" />
          </Button>
        </div>
      </Container>
    </header>
  );
}
