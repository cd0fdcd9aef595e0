import { Link } from 'react-router';
import { Button } from './button.tsx';

/** The way on from an empty list or screen: a button to Explore (an EmptyState's action). */
export function ExploreLink({ label }: { label: string }) {
  return (
    <Button asChild>
      <Link to="/explore">{label}</Link>
    </Button>
  );
}
