import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { cn } from '../../shared/lib/cn.ts';
import { deferred } from '../../shared/lib/deferred.tsx';
import { NAVIGATION } from '../navigation.ts';

// Only members see these (their counts and their code): visitors never fetch them.
const MemberTabs = deferred('member-tabs', () => import('./member-tabs.tsx').then((module) => module.MemberTabs));

/**
 * The primary links, fixed to the bottom on small screens. A member's bar has their messages and notifications with
 * their unread counts instead of the profile (which the avatar's menu opens).
 */
export function BottomBar() {
  const { t } = useTranslation();
  const member = useSession().status === 'signed-in';
  const items = NAVIGATION.filter((item) => item.primary && !(member && item.to === '/profile/me'));
  return (
    <nav
      aria-label={t('nav.primary')}
      className="fixed inset-x-0 bottom-0 z-40 border-t border-line bg-canvas/95 pb-[env(safe-area-inset-bottom)] backdrop-blur-md md:hidden"
    >
      <ul className={cn('grid', member ? 'grid-cols-5' : 'grid-cols-4')}>
        {items.map((item) => (
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
        {member ? <MemberTabs /> : null}
      </ul>
    </nav>
  );
}
