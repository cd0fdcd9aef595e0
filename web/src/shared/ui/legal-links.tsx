import { Link } from 'react-router';

const linkClass = 'font-medium text-accent underline underline-offset-4';

/** What the <terms> and <privacy> tags of a sign-up notice become, for Trans's `components` (register, the landing teaser). */
export const legalLinks = {
  terms: <Link to="/terms" className={linkClass} />,
  privacy: <Link to="/privacy" className={linkClass} />,
};
