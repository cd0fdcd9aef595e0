import { paths } from '@hearsay/contracts/paths';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, ScrollRestoration, useNavigate } from 'react-router';
import { ACCOUNT_DELETED_FLAG, signOut } from '../../shared/auth/session.ts';
import { Container } from '../../shared/ui/card.tsx';
import { Spinner } from '../../shared/ui/skeleton.tsx';
import { deferred } from '../../shared/lib/deferred.tsx';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';
import { StandingGate } from '../../features/moderation/standing.tsx';
import { MemberAppearance } from '../../features/settings/member-appearance.ts';
import { BottomBar } from './bottom-bar.tsx';
import { Header } from './header.tsx';
import { TakenOver } from '../../shared/lib/taken-over.ts';
import { LanguageSelect } from './language-select.tsx';
import { toast } from '../../shared/lib/toast.ts';

// The quick-add dialog carries the rich-text editor: its code is fetched the first time someone opens it.
const QuickAddDialog = deferred('quick-add', () => import('../../features/reviews/quick-add.tsx').then((module) => module.QuickAddDialog));
// So is the menu panel's, with the dialog code it shares with the rest of the app.
const MenuPanel = deferred('menu-panel', () => import('./menu-panel.tsx').then((module) => module.MenuPanel));

/** Header, page, footer and (on small screens) the bottom bar around every screen. */
export function AppLayout() {
  const { t } = useTranslation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuUsed, setMenuUsed] = useState(false);
  const [quickAddOpen, setQuickAddOpen] = useState(false);
  const [quickAddUsed, setQuickAddUsed] = useState(false);
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  useEffect(() => {
    if (!sessionStorage.getItem(ACCOUNT_DELETED_FLAG)) return;
    sessionStorage.removeItem(ACCOUNT_DELETED_FLAG);
    toast.success(t('nav.accountDeleted'));
  }, [t]);

  const handleSignOut = () => {
    void signOut(queryClient)
      .catch(() => undefined)
      .finally(() => {
        toast(t('nav.signedOut'));
        void navigate('/', { replace: true });
      });
  };

  return (
    <div className="flex min-h-dvh flex-col bg-canvas text-ink">
      <MemberAppearance />
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-accent px-4 py-2 text-accent-ink focus:not-sr-only focus:fixed focus:left-4 focus:top-3"
      >
        {t('nav.skipToContent')}
      </a>
      <Header
        onOpenMenu={() => {
          setMenuUsed(true);
          setMenuOpen(true);
        }}
        onSignOut={handleSignOut}
        onQuickAdd={() => {
          setQuickAddUsed(true);
          setQuickAddOpen(true);
        }}
      />
      {quickAddUsed ? <QuickAddDialog open={quickAddOpen} onOpenChange={setQuickAddOpen} /> : null}
      <main id="main" className="flex-1 pb-24 md:pb-12">
        {/* A screen waits here for strings not yet fetched (English's beyond the shell's arrive as the app starts). */}
        <Suspense fallback={<Spinner className="min-h-[50vh]" />}>
          <StandingGate onSignOut={handleSignOut}>
            <Outlet />
          </StandingGate>
          <TakenOver />
        </Suspense>
      </main>
      <footer className="hidden border-t border-line py-8 text-sm text-ink-muted md:block">
        {/* Below every page: taken over after the page itself (decision 089). */}
        <HydratesApart>
          <Container className="flex flex-wrap items-center justify-between gap-4">
            <p>
              <span className="mr-3 font-display font-bold tracking-[0.18em] text-ink">{t('brand')}</span>
              {t('footer.tagline')}
            </p>
            <nav className="flex gap-5">
              <Link to="/about/catalog" className="hover:text-ink">
                {t('footer.catalog')}
              </Link>
              <Link to="/terms" className="hover:text-ink">
                {t('footer.terms')}
              </Link>
              <Link to="/privacy" className="hover:text-ink">
                {t('footer.privacy')}
              </Link>
              <Link to={paths.developers()} className="hover:text-ink">
                {t('footer.api')}
              </Link>
            </nav>
            <LanguageSelect />
          </Container>
        </HydratesApart>
      </footer>
      <BottomBar />
      {menuUsed ? <MenuPanel open={menuOpen} onOpenChange={setMenuOpen} onSignOut={handleSignOut} /> : null}
      <ScrollRestoration />
    </div>
  );
}
