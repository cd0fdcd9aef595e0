import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useSession } from '../../shared/auth/session.ts';
import { deferred } from '../../shared/lib/deferred.tsx';
import { standingQueryOptions } from './api.ts';

const notices = () => import('./standing-notices.tsx');
const SanctionNotice = deferred('sanction-notice', () => notices().then((module) => module.SanctionNotice));
const Warnings = deferred('warnings', () => notices().then((module) => module.Warnings));

/**
 * A signed-in person's standing, around every page: a suspended or banned person sees only why (the server answers
 * them nothing else), and warnings from the moderators stay above the page until acknowledged.
 */
export function StandingGate({ children, onSignOut }: { children: ReactNode; onSignOut: () => void }) {
  const session = useSession();
  const standing = useQuery({ ...standingQueryOptions, enabled: session.status === 'signed-in' });
  const known = session.status === 'signed-in' ? standing.data : undefined;
  if (known?.sanction) return <SanctionNotice sanction={known.sanction} onSignOut={onSignOut} />;
  // One shape whether the standing is known yet or not, so the page below keeps its state when it arrives.
  return (
    <>
      {known?.warnings.length ? <Warnings warnings={known.warnings} /> : null}
      {children}
    </>
  );
}
