import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../shared/lib/cn.ts';
import { NAVIGATION } from '../navigation.ts';

/** The four primary links, fixed to the bottom on small screens. */
export function BottomBar() {
  const { t } = useTranslation();
  return (
    <nav
      aria-label={t('nav.primary')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-canvas/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className="grid grid-cols-4">
        {NAVIGATION.filter((item) => item.primary).map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.to === '/'}
              className={({ isActive }) =>
                cn('flex flex-col items-center gap-0.5 py-2 text-xs font-medium text-ink-muted', isActive && 'text-accent')
              }
            >
              <item.icon aria-hidden className="size-5" />
              {t(item.label)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
