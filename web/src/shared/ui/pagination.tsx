import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';

/** Previous / next paging with "Page n of m"; hidden when everything fits on one page. */
export function Pagination({ page, pages, onPageChange }: { page: number; pages: number; onPageChange: (page: number) => void }) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="mt-8 flex items-center justify-center gap-3">
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden />
        {t('pagination.previous')}
      </Button>
      <span className="text-sm tabular-nums text-ink-muted" aria-live="polite">
        {t('pagination.pageOf', { page, pages })}
      </span>
      <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onPageChange(page + 1)}>
        {t('pagination.next')}
        <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
