import type { ArtistDetail, DiscographyRow } from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import { LoaderCircle, Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../shared/auth/session.ts';
import { useAddFromMusicBrainz } from '../../shared/catalog/musicbrainz.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { useRefreshArtistPages } from './api.ts';
import { ListenOn } from './listen-on.tsx';
import { formatRating } from '../../shared/i18n/index.ts';

/** Type, origin, active years, members and links of an artist, as MusicBrainz gives them. */
export function ArtistFacts({ artist }: { artist: ArtistDetail }) {
  const { t } = useTranslation('catalog');
  const years =
    artist.beginYear === null
      ? null
      : artist.endYear !== null
        ? t('artist.activeYears', { from: artist.beginYear, to: artist.endYear })
        : t('artist.activeSince', { from: artist.beginYear });
  const facts = [
    artist.type ? t(`artist.type.${artist.type}`, { defaultValue: artist.type }) : null,
    artist.area,
    years,
    artist.disambiguation,
  ].filter(Boolean);
  return (
    <div className="mt-6">
      {facts.length ? <p className="text-ink-muted">{facts.join(' · ')}</p> : null}
      {artist.members.length ? (
        <div className="mt-4">
          <h2 className="text-sm font-semibold uppercase tracking-[0.14em] text-ink-muted">{t('artist.members')}</h2>
          <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            {artist.members.map((member) => {
              const span =
                member.beginYear === null
                  ? ''
                  : ` (${member.endYear === null ? t('artist.activeSince', { from: member.beginYear }) : t('artist.memberYears', { from: member.beginYear, to: member.endYear })})`;
              return (
                <li key={member.mbid ?? member.name}>
                  {member.artistSlug ? (
                    <Link to={paths.artist(member.artistSlug)} className="font-medium text-ink underline-offset-4 hover:underline">
                      {member.name}
                    </Link>
                  ) : (
                    <span className="font-medium text-ink">{member.name}</span>
                  )}
                  <span className="text-ink-muted">{span}</span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
      <ListenOn links={artist.links} mbid={artist.mbid} title={artist.name} kind="artist" />
    </div>
  );
}

/**
 * One release type of the discography as a dense table (year, title, the community's average): every release group
 * MusicBrainz lists, those Hearsay has linked to their pages, the others one click from being added.
 */
export function DiscographyTable({ group }: { group: ArtistDetail['discography'][number] }) {
  const { t } = useTranslation('catalog');
  const id = `group-${group.releaseType}`;
  return (
    <section aria-labelledby={id} className="mt-8">
      <h3 id={id} className="mb-2 text-sm font-semibold uppercase tracking-[0.14em] text-ink-muted">
        {t(`album.releaseType.${group.releaseType}`)} <span className="font-normal">({group.rows.length})</span>
      </h3>
      <table className="w-full text-sm">
        <thead className="sr-only sm:not-sr-only">
          <tr className="border-b border-line text-left text-xs uppercase tracking-wide text-ink-subtle">
            <th scope="col" className="w-16 py-2 font-medium">
              {t('artist.year')}
            </th>
            <th scope="col" className="py-2 font-medium">
              {t('artist.title')}
            </th>
            <th scope="col" className="w-32 py-2 text-right font-medium">
              {t('artist.average')}
            </th>
          </tr>
        </thead>
        <tbody>
          {group.rows.map((row) => (
            <DiscographyRowView key={row.album?.id ?? row.mbid ?? row.title} row={row} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

function DiscographyRowView({ row }: { row: DiscographyRow }) {
  const { t } = useTranslation('catalog');
  const session = useSession();
  const refreshArtistPages = useRefreshArtistPages();
  const adding = useAddFromMusicBrainz(refreshArtistPages);
  const secondary = row.secondaryTypes.length ? (
    <span className="ml-2 text-xs text-ink-subtle">{row.secondaryTypes.join(' · ')}</span>
  ) : null;
  return (
    <tr className="border-b border-line/60 align-middle">
      <td className="py-2 tabular-nums text-ink-muted">{row.year ?? '–'}</td>
      <td className="py-2 pr-2">
        {row.album ? (
          <Link
            to={paths.album(row.album.slug)}
            className="flex items-center gap-3 font-medium text-ink underline-offset-4 hover:underline"
          >
            <AlbumCover src={row.album.coverUrl} alt="" className="size-9 shrink-0 rounded-md shadow-none" />
            <span className="min-w-0">
              {row.album.title}
              {secondary}
            </span>
          </Link>
        ) : (
          <span className="flex items-center gap-3 text-ink">
            <span aria-hidden className="size-9 shrink-0 rounded-md bg-surface-3" />
            <span className="min-w-0">
              {row.title}
              {secondary}
            </span>
          </span>
        )}
      </td>
      <td className="py-2 text-right tabular-nums">
        {row.album ? (
          row.album.averageRating === null ? (
            <span className="text-ink-subtle">–</span>
          ) : (
            <span>
              <span className="font-semibold text-ink">{formatRating(row.album.averageRating)}</span>
              <span className="ml-1 text-xs text-ink-muted">({row.album.ratingCount})</span>
            </span>
          )
        ) : row.mbid && session.status === 'signed-in' ? (
          <Button
            size="sm"
            variant="ghost"
            disabled={adding.isPending}
            aria-label={t('artist.addLabel', { title: row.title })}
            onClick={() => adding.mutate(row.mbid!)}
          >
            {adding.isPending ? <LoaderCircle aria-hidden className="animate-spin" /> : <Plus aria-hidden />}
            {t('artist.add')}
          </Button>
        ) : (
          <span className="text-xs text-ink-subtle">{t('artist.notInCatalog')}</span>
        )}
      </td>
    </tr>
  );
}
