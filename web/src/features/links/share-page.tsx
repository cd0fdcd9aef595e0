import { isShareableLink, type ResolveLinkQuery } from '@hearsay/contracts/links';
import { paths } from '@hearsay/contracts/paths';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { EmptyState, ErrorState, Spinner } from '../../shared/ui/skeleton.tsx';
import { destinationOf, resolveLinkQueryOptions } from './api.ts';

/** What a share sheet sent (Web Share Target, GET: title, text, url), within the server's limits. */
function sharedQuery(params: URLSearchParams): ResolveLinkQuery | null {
  const read = (name: string, max: number) => params.get(name)?.trim().slice(0, max) || undefined;
  const url = read('url', 2048);
  const title = read('title', 1000);
  let text = read('text', 1000);
  // Some apps put words where the link goes: they are searched for like the rest of the text.
  if (url && !isShareableLink(url)) text = [text, url].filter(Boolean).join(' ').slice(0, 1000);
  const query = { url: url && isShareableLink(url) ? url : undefined, text, title };
  return query.url || query.text || query.title ? query : null;
}

/**
 * /share: where the phone's share sheet opens Hearsay with a music link (decision 086). It says it is finding the
 * album, then opens the album's page at its rating control, or the search with what was shared.
 */
export function SharePage() {
  const { t } = useTranslation('search');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const query = sharedQuery(params);
  const answer = useQuery({ ...resolveLinkQueryOptions(query ?? {}), enabled: query !== null });
  const destination = answer.data ? destinationOf(answer.data) : null;

  useEffect(() => {
    if (destination) void navigate(destination, { replace: true });
  }, [destination, navigate]);

  const searchWords = [query?.title, query?.text].filter(Boolean).join(' ');
  return (
    <Container className="py-10">
      <title>{`${t('share.title')} · Hearsay`}</title>
      <h1 className="sr-only">{t('share.title')}</h1>
      {query === null ? (
        <EmptyState
          title={t('share.nothing')}
          description={t('share.nothingHint')}
          action={
            <Button asChild variant="secondary">
              <Link to={paths.search()}>{t('share.search')}</Link>
            </Button>
          }
        />
      ) : answer.isError ? (
        <ErrorState title={t('share.failed')} onRetry={() => void answer.refetch()} />
      ) : answer.data && !destination ? (
        <EmptyState
          title={t('share.unsupported')}
          description={t('share.unsupportedHint')}
          action={
            <Button asChild variant="secondary">
              <Link to={paths.search(searchWords)}>{t('share.search')}</Link>
            </Button>
          }
        />
      ) : (
        <Spinner label={t('share.finding')} className="min-h-[40vh]" />
      )}
    </Container>
  );
}
