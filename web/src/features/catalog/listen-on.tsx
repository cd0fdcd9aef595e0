import type { ExternalLink } from '@hearsay/contracts/catalog';
import { ExternalLink as ExternalLinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * "Listen on" links from MusicBrainz's URL relationships, in the order the server gives (the service the person
 * linked in Settings first), and the entry on MusicBrainz itself.
 */
export function ListenOn({
  links,
  mbid,
  title,
  kind,
}: {
  links: ExternalLink[];
  mbid: string | null;
  title: string;
  kind: 'release-group' | 'artist';
}) {
  const { t } = useTranslation('catalog');
  if (!links.length && !mbid) return null;
  const listen = links.filter((link) => link.service !== 'official-site');
  const official = links.find((link) => link.service === 'official-site');
  const linkClass =
    'inline-flex items-center gap-1 rounded-full border border-line px-3 py-1 text-sm font-medium text-ink hover:border-accent hover:text-accent';
  return (
    <div className="mt-5 flex flex-wrap items-center gap-2">
      {listen.length ? <span className="text-sm text-ink-muted">{t('album.listenOn')}</span> : null}
      {listen.map((link) => (
        <a key={link.service} href={link.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {t(`links.${link.service}`)}
          <ExternalLinkIcon aria-hidden className="size-3.5" />
        </a>
      ))}
      {official ? (
        <a href={official.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
          {t('links.official-site')}
          <ExternalLinkIcon aria-hidden className="size-3.5" />
        </a>
      ) : null}
      {mbid ? (
        <a
          href={`https://musicbrainz.org/${kind}/${encodeURIComponent(mbid)}`}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('album.onMusicBrainzLabel', { title })}
          className="text-sm text-ink-muted underline-offset-4 hover:text-accent hover:underline"
        >
          {t('album.onMusicBrainz')}
        </a>
      ) : null}
    </div>
  );
}
