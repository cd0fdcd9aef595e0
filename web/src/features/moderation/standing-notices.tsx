import type { Standing } from '@hearsay/contracts/moderation';
import { ShieldAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

import { useFormatDate } from '../../shared/hooks/use-format-date.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Card, Container } from '../../shared/ui/card.tsx';
import { useAcknowledgeWarning } from './moderation-api.ts';
import { useErrorText } from '../../shared/i18n/error-text.ts';

// What the standing gate shows, rarely: its code is fetched when there is something to show.

export function SanctionNotice({ sanction, onSignOut }: { sanction: NonNullable<Standing['sanction']>; onSignOut: () => void }) {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const title = sanction.kind === 'banned' ? t('standing.banned') : t('standing.suspended', { date: formatDate(sanction.until ?? '') });
  return (
    <Container className="py-12">
      <title>{`${title} · Hearsay`}</title>
      <Card className="mx-auto flex max-w-xl flex-col gap-4 p-6" role="alert">
        <ShieldAlert aria-hidden className="size-8 text-danger" />
        <h1 className="font-display text-2xl font-semibold text-ink">{title}</h1>
        <p className="text-ink">{t('standing.reason', { reason: sanction.reason })}</p>
        <p className="text-sm text-ink-muted">{t('standing.meanwhile')}</p>
        <div>
          <Button variant="outline" onClick={onSignOut}>
            {t('standing.signOut')}
          </Button>
        </div>
      </Card>
    </Container>
  );
}

export function Warnings({ warnings }: { warnings: Standing['warnings'] }) {
  const { t } = useTranslation('moderation');
  const formatDate = useFormatDate();
  const errorText = useErrorText();
  const acknowledge = useAcknowledgeWarning();
  return (
    <Container className="pt-6">
      <ul className="flex flex-col gap-3">
        {warnings.map((warning) => (
          <li key={warning.id}>
            <Card className="flex flex-col gap-3 border-danger/40 p-4 sm:flex-row sm:items-center" role="alert">
              <ShieldAlert aria-hidden className="size-6 shrink-0 text-danger" />
              <p className="flex-1 text-sm text-ink">{t('standing.warning', { date: formatDate(warning.at), reason: warning.reason })}</p>
              <Button
                size="sm"
                variant="outline"
                disabled={acknowledge.isPending}
                onClick={() =>
                  acknowledge.mutate(warning.id, {
                    onError: (cause) => toast.error(errorText(cause, t('failed'))),
                  })
                }
              >
                {t('standing.acknowledge')}
              </Button>
            </Card>
          </li>
        ))}
      </ul>
    </Container>
  );
}
