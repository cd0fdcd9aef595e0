import { cn } from '../lib/cn.ts';

/**
 * Shows review HTML. It comes from the server, which keeps only its allow-list of tags, attributes and link
 * schemes (see server/src/modules/reviews/sanitize.ts), so it is rendered as it is.
 */
export function RichText({ html, className }: { html: string; className?: string }) {
  return <div className={cn('prose-review', className)} dangerouslySetInnerHTML={{ __html: html }} />;
}
