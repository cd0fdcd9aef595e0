import { Menu, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { cn } from '../../shared/lib/cn.ts';

const DESKTOP_LINKS = [
  { to: '/explore', label: 'nav.explore' },
  { to: '/trending', label: 'nav.trending' },
  { to: '/discover', label: 'nav.discover' },
  { to: '/lists', label: 'nav.lists' },
] as const;

/** Sticky header of spec §2 Layout: brand, quick-add (signed in), sign in / up (signed out, hidden while loading), menu. */
export function Header({ onOpenMenu, onQuickAdd }: { onOpenMenu: () => void; onQuickAdd: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  return (
    <header className="sticky top-0 z-40 border-b border-line bg-canvas/85 backdrop-blur-md">
      <Container className="flex h-16 items-center gap-4">
        <Link to="/" className="font-display text-xl font-bold tracking-[0.18em] text-ink">
          {t('brand')}
        </Link>
        <nav aria-label={t('nav.main')} className="ml-4 hidden items-center gap-1 lg:flex">
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
        <div className="ml-auto flex items-center gap-2">
          {session.status === 'signed-in' ? (
            <Button size="icon" aria-label={t('nav.quickAdd')} title={t('nav.quickAdd')} onClick={onQuickAdd}>
              <Plus className="size-5" />
            </Button>
          ) : null}
          {session.status === 'signed-out' ? (
            <>
              <Button asChild variant="ghost" size="sm">
                <Link to="/login">{t('actions.signIn')}</Link>
              </Button>
              <Button asChild size="sm">
                <Link to="/register">{t('actions.signUp')}</Link>
              </Button>
            </>
          ) : null}
          <Button variant="ghost" size="icon" aria-label={t('nav.openMenu')} onClick={onOpenMenu}>
            <Menu className="size-5" />
          </Button>
        </div>
      </Container>
    </header>
  );
}
