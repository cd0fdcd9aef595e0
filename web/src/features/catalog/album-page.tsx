import { ReportDialog } from '../../shared/ui/report-dialog.tsx';
import type { AlbumDetail, Track } from '@hearsay/contracts/catalog';
import { paths } from '@hearsay/contracts/paths';
import { Bookmark, ChevronDown, Flag, Heart, Star } from 'lucide-react';
import { Fragment, lazy, Suspense, useEffect, useRef, useState, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { toast } from 'sonner';
import { useSendToSignIn, useSession } from '../../shared/auth/session.ts';
import { formatCalendarDate } from '../../shared/lib/format-date.ts';
import { AlbumCover } from '../../shared/ui/album-cover.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Badge, Card, Container } from '../../shared/ui/card.tsx';
import { PageLoadError } from '../../shared/ui/not-found.tsx';
import { RatingDistribution } from '../../shared/ui/rating-distribution.tsx';
import { RatingStars } from '../../shared/ui/rating-stars.tsx';
import { useAlbumExtensions } from '../../shared/lib/album-extensions.tsx';
import { HydratesApart } from '../../shared/lib/hydrates-apart.tsx';
import { ShareButton } from '../../shared/ui/share-button.tsx';
import { PageLoading, Skeleton } from '../../shared/ui/skeleton.tsx';
import { albumQueryOptions, albumViewerStateOptions, useAlbum, useAlbumMark, useRateAlbum, useRateTrack } from './api.ts';
import { ensure, type RouteDataArgs } from '../../shared/lib/route-data.ts';
import { useQuery } from '@tanstack/react-query';
import { RatingInput } from '../../shared/ui/rating-input.tsx';
import { useWaitingWrites, WaitingToSend } from '../../shared/offline/waiting-to-send.tsx';
import { formatDuration } from './format.ts';
import { ListenOn } from './listen-on.tsx';
import { formatRating } from '../../shared/i18n/index.ts';
import { useGenreName } from '../../shared/i18n/catalog-words.ts';

/** The editions and your copy load only when the section is opened. */
const EditionsPanel = lazy(() => import('./editions-panel.tsx'));

export function AlbumPage() {
  const { albumId = '' } = useParams();
  const { t } = useTranslation('catalog');
  const album = useAlbum(albumId);
  if (album.isPending) return <AlbumPageLoading />;
  if (album.isError) return <PageLoadError query={album} title={t('album.notFoundTitle')} description={t('album.notFound')} />;
  return <AlbumView album={album.data} />;
}

/** Actions a visitor cannot take yet send them to sign in and back here; none of them does nothing. */
function useMemberAction() {
  const session = useSession();
  const sendToSignIn = useSendToSignIn();
  const { t } = useTranslation('catalog');
  return (action: () => void) => () => {
    if (session.status !== 'signed-in') {
      toast(t('album.signInToAct'));
      sendToSignIn();
      return;
    }
    action();
  };
}

function AlbumView({ album }: { album: AlbumDetail }) {
  const { t, i18n } = useTranslation(['catalog', 'common']);
  const genreName = useGenreName();
  const session = useSession();
  const member = useMemberAction();
  const extensions = useAlbumExtensions();
  const soon = () => toast(t('album.comingSoon'));
  // Rate & Review opens the reviews section's "Write a Review" modal (spec §2); a visitor is sent to sign in first.
  const [writing, setWriting] = useState(false);
  const [reporting, setReporting] = useState(false);
  return (
    <>
      <title>{`${album.title} — ${album.artistCredit} · Hearsay`}</title>
      <Container className="py-6 sm:py-12">
        <div className="grid gap-6 sm:gap-8 md:grid-cols-[minmax(0,20rem)_1fr] lg:grid-cols-[minmax(0,24rem)_1fr] lg:gap-12">
          <AlbumCover
            src={album.coverUrl}
            alt={t('common:album.coverAlt', { title: album.title, artist: album.artistCredit })}
            priority
            sizes="(min-width: 640px) 24rem, 11rem"
            className="mx-auto w-full max-w-44 sm:max-w-sm md:max-w-none"
          />
          {/* On a phone the rating control comes right after the album's name and average, within the first screen;
              beside the cover on a wider screen it follows the album's details and actions. */}
          <div className="flex min-w-0 flex-col">
            <p className="text-sm font-semibold uppercase tracking-[0.14em] text-accent">{t(`album.releaseType.${album.releaseType}`)}</p>
            <h1 className="mt-2 font-display text-3xl font-semibold leading-tight text-ink sm:text-5xl">{album.title}</h1>
            <p className="mt-3 text-lg text-ink-muted">
              {album.artists.map((artist) => (
                <Fragment key={artist.id}>
                  <Link to={paths.artist(artist.slug)} className="font-semibold text-ink hover:text-accent">
                    {artist.name}
                  </Link>
                  {artist.joinPhrase}
                </Fragment>
              ))}
            </p>
            <div className="mt-5 flex flex-wrap items-center gap-4">
              <div className="flex items-center gap-3">
                <span className="font-display text-4xl font-semibold tabular-nums text-ink" aria-label={t('album.average')}>
                  {album.averageRating === null ? '–' : formatRating(album.averageRating)}
                </span>
                <div>
                  <RatingStars value={album.averageRating} size="md" showValue={false} />
                  <p className="text-sm text-ink-muted">
                    {album.ratingCount ? t('album.ratings', { count: album.ratingCount }) : t('album.noRatings')}
                  </p>
                </div>
              </div>
            </div>
            <section aria-labelledby="your-rating" className="mt-5 rounded-2xl border border-line bg-surface p-5 md:order-last md:mt-7">
              <h2 id="your-rating" className="font-display text-lg font-semibold text-ink">
                {t('album.yourRating')}
              </h2>
              {session.status === 'signed-in' ? (
                <YourRating album={album} />
              ) : (
                <p className="mt-2 text-sm text-ink-muted">
                  <Link to={paths.login(`/album/${album.slug}`)} className="font-medium text-accent underline underline-offset-4">
                    {t('common:actions.signIn')}
                  </Link>{' '}
                  {t('album.yourRatingVisitor')}
                </p>
              )}
            </section>
            <dl className="mt-6 grid grid-cols-2 gap-x-6 gap-y-3 text-sm sm:grid-cols-3">
              <div>
                <dt className="text-ink-muted">{t('album.released')}</dt>
                <dd className="font-medium text-ink">{formatCalendarDate(album.releaseDate, i18n.language) ?? '–'}</dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t('album.label')}</dt>
                <dd className="font-medium text-ink">
                  {album.label ?? '–'}
                  {album.catalogueNumber ? (
                    <span className="font-normal text-ink-muted">
                      {' · '}
                      <span aria-label={t('album.catalogueNumber')}>{album.catalogueNumber}</span>
                    </span>
                  ) : null}
                </dd>
              </div>
              <div>
                <dt className="text-ink-muted">{t('album.type')}</dt>
                <dd className="font-medium text-ink">
                  {[
                    t(`album.releaseType.${album.releaseType}`),
                    ...album.secondaryTypes.filter((type) => !sameType(type, album.releaseType)),
                  ].join(' · ')}
                </dd>
              </div>
            </dl>
            <ListenOn links={album.links} mbid={album.mbid} title={album.title} kind="release-group" />
            {album.genres.length ? (
              <ul aria-label={t('album.genres')} className="mt-5 flex flex-wrap gap-2">
                {album.genres.map((genre) => (
                  <li key={genre.slug}>
                    <Link to={paths.explore({ genre: genre.slug })}>
                      <Badge className="hover:bg-accent-soft hover:text-ink">{genreName(genre)}</Badge>
                    </Link>
                  </li>
                ))}
              </ul>
            ) : null}
            {album.description ? <p className="mt-5 max-w-2xl leading-relaxed text-ink-muted">{album.description}</p> : null}
            <div className="mt-7 flex flex-wrap gap-2">
              <Button onClick={member(() => setWriting(true))}>
                <Star aria-hidden />
                {t('album.rateReview')}
              </Button>
              {session.status === 'signed-in' ? (
                <MemberMarks album={album} />
              ) : (
                <Button variant="outline" onClick={member(soon)}>
                  <Heart aria-hidden />
                  {t('album.like')}
                </Button>
              )}
              {extensions.actions.map((Action, index) => (
                <Action key={index} album={album} />
              ))}
              <ShareButton title={`${album.title} — ${album.artistCredit}`} label={t('album.share')} />
              {session.status === 'signed-in' ? (
                <>
                  <Button variant="ghost" onClick={() => setReporting(true)}>
                    <Flag aria-hidden />
                    {t('album.report')}
                  </Button>
                  <ReportDialog subject={{ type: 'album', id: album.id }} open={reporting} onOpenChange={setReporting} />
                </>
              ) : null}
            </div>
          </div>
        </div>

        {/* The columns' widths are the screen's: a long track title or a follower's long name is cut short, never widening them. */}
        <div className="mt-12 grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
          {/* Below the first screen: taken over apart from the album's name, rating and actions (decision 089). */}
          <div className="min-w-0 space-y-8">
            <HydratesApart>
              <TrackList album={album} />
            </HydratesApart>
            <HydratesApart>
              <Editions album={album} signedIn={session.status === 'signed-in'} />
            </HydratesApart>
            {extensions.reviews ? <extensions.reviews album={album} writing={writing} onWritingChange={setWriting} /> : null}
          </div>
          <aside className="min-w-0 space-y-6">
            <HydratesApart>
              <Card className="p-5">
                <RatingDistribution
                  buckets={album.ratingDistribution}
                  title={t('album.distribution')}
                  emptyText={t('album.distributionEmpty')}
                />
              </Card>
            </HydratesApart>
            {extensions.asides.map((Aside, index) => (
              <Aside key={index} album={album} />
            ))}
          </aside>
        </div>
      </Container>
    </>
  );
}

/** Like (with its count) and Listen later, for a signed-in person. */
function MemberMarks({ album }: { album: AlbumDetail }) {
  const { t } = useTranslation('catalog');
  const state = useQuery(albumViewerStateOptions(album.slug));
  const liked = state.data?.liked ?? false;
  const listening = state.data?.listenLater ?? false;
  return (
    <>
      <MarkButton album={album} mark="like" on={liked} ready={Boolean(state.data)}>
        <Heart aria-hidden className={liked ? 'fill-current text-accent' : undefined} />
        {liked ? t('album.liked') : t('album.like')}
        <span className="tabular-nums text-ink-muted">{state.data?.likeCount ?? album.likeCount}</span>
      </MarkButton>
      <MarkButton album={album} mark="listen-later" on={listening} ready={Boolean(state.data)}>
        <Bookmark aria-hidden className={listening ? 'fill-current' : undefined} />
        {listening ? t('album.onListenLater') : t('album.listenLater')}
      </MarkButton>
    </>
  );
}

/** One of those marks: pressed while it is set, and pressing it sets or clears it (not before its state is known). */
function MarkButton({
  album,
  mark,
  on,
  ready,
  children,
}: {
  album: AlbumDetail;
  mark: Parameters<typeof useAlbumMark>[1];
  on: boolean;
  ready: boolean;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('catalog');
  const toggle = useAlbumMark(album.slug, mark);
  return (
    <Button
      variant={on ? 'secondary' : 'outline'}
      aria-pressed={on}
      disabled={!ready || toggle.isPending}
      onClick={() => toggle.mutate(!on, { onError: () => toast.error(t('album.likeFailed')) })}
    >
      {children}
    </Button>
  );
}

function YourRating({ album }: { album: AlbumDetail }) {
  const { t } = useTranslation('catalog');
  const { t: offline } = useTranslation('offline');
  const rate = useRateAlbum(album.slug, `${album.title} — ${album.artistCredit}`);
  // A rating made offline, not sent yet: shown as yours, with "Waiting to send".
  const waiting = useWaitingWrites(
    (write) => write.kind === 'album-rating' && (write.albumRef === album.slug || write.albumRef === album.id),
  ).at(-1);
  const save = (value: number | null) =>
    rate.mutate(value, {
      onSuccess: (result) =>
        result
          ? toast.success(result.rating === null ? t('album.ratingRemoved') : t('album.rated', { value: formatRating(result.rating) }))
          : toast(offline('kept')),
      onError: () => toast.error(t('album.ratingFailed')),
    });
  const waitingRating = waiting ? (waiting.body as { rating: number }).rating : undefined;
  // Opened at #rate (a link shared to Hearsay, decision 086): the stars are brought into view and focused, ready to rate.
  const { hash } = useLocation();
  const area = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (hash !== '#rate') return;
    area.current?.scrollIntoView({ block: 'center' });
    area.current?.querySelector<HTMLElement>('[role="slider"]')?.focus({ preventScroll: true });
  }, [hash]);
  return (
    <div ref={area} id="rate" className="mt-3 flex scroll-mt-24 flex-wrap items-center gap-3">
      <RatingInput
        // The rating being saved shows at once (a star tapped while the page was starting among them).
        value={rate.isPending && rate.variables !== undefined ? rate.variables : (waitingRating ?? album.viewerRating)}
        onChange={save}
        disabled={rate.isPending}
        label={t('album.rateLabel', { title: album.title })}
        keepsEarlyClicks="album-rating"
      />
      {waiting ? <WaitingToSend /> : null}
      {album.viewerRating !== null && !waiting ? (
        <Button variant="ghost" size="sm" onClick={() => save(null)} disabled={rate.isPending}>
          {t('album.removeRating')}
        </Button>
      ) : null}
    </div>
  );
}

/** The album's editions (MusicBrainz releases) and, for a member, their copy of it: closed until asked for. */
function Editions({ album, signedIn }: { album: AlbumDetail; signedIn: boolean }) {
  const { t } = useTranslation('catalog');
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="editions-title">
      <h2 id="editions-title" className="font-display text-2xl font-semibold text-ink">
        <button
          type="button"
          className="flex w-full items-center justify-between gap-3 rounded-lg text-left hover:text-accent"
          aria-expanded={open}
          aria-controls="editions-panel"
          onClick={() => setOpen(!open)}
        >
          {t('editions.title')}
          <ChevronDown aria-hidden className={open ? 'size-5 rotate-180 transition-transform' : 'size-5 transition-transform'} />
        </button>
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('editions.hint')}</p>
      {open ? (
        <div id="editions-panel" className="mt-4">
          <Suspense fallback={<Skeleton className="h-24 w-full" />}>
            <EditionsPanel albumRef={album.slug} signedIn={signedIn} />
          </Suspense>
        </div>
      ) : null}
    </section>
  );
}

/** "Live" beside "Live album" says nothing new. */
const sameType = (secondary: string, releaseType: string) => secondary.toLowerCase() === releaseType.toLowerCase();

function TrackList({ album }: { album: AlbumDetail }) {
  const { t } = useTranslation('catalog');
  const { tracks } = album;
  const discs = [...new Set(tracks.map((track) => track.disc))];
  const total = tracks.reduce((sum, track) => sum + (track.durationMs ?? 0), 0);
  // One track's rating is open at a time.
  const [open, setOpen] = useState<string | null>(null);
  return (
    <section aria-labelledby="tracks-title">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 id="tracks-title" className="font-display text-2xl font-semibold text-ink">
          {t('album.tracks')}
        </h2>
        {tracks.length ? (
          <p className="text-sm text-ink-muted">{t('album.totalLength', { count: tracks.length, duration: formatDuration(total) })}</p>
        ) : null}
      </div>
      {tracks.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-line-strong px-5 py-8 text-center text-ink-muted">{t('album.noTracks')}</p>
      ) : (
        discs.map((disc) => (
          <div key={disc} className="mb-4">
            {discs.length > 1 ? <h3 className="mb-1 text-sm font-semibold text-ink-muted">{t('album.disc', { disc })}</h3> : null}
            {/* Laid out only as it nears the screen, at about a row's height a track until then. */}
            <ol
              className="laid-out-when-near divide-y divide-line rounded-2xl border border-line bg-surface"
              style={{ '--near-height': `${tracks.filter((track) => track.disc === disc).length * 3.5}rem` } as CSSProperties}
            >
              {tracks
                .filter((track) => track.disc === disc)
                .map((track) => (
                  <TrackRow
                    key={`${track.disc}-${track.position}`}
                    album={album}
                    track={track}
                    open={open === track.id}
                    onOpenChange={(next) => setOpen(next ? track.id : null)}
                  />
                ))}
            </ol>
          </div>
        ))
      )}
    </section>
  );
}

/**
 * A track: its place, title, everyone's average and count (decision 078), and the member's own rating, a button that
 * opens the album's star control below the row (the same half steps, the same keys and touch).
 */
function TrackRow({
  album,
  track,
  open,
  onOpenChange,
}: {
  album: AlbumDetail;
  track: Track;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation('catalog');
  const member = useMemberAction();
  const { t: offline } = useTranslation('offline');
  const rate = useRateTrack(album.slug);
  const waiting = useWaitingWrites((write) => write.kind === 'track-rating' && write.trackId === track.id).at(-1);
  const pending = rate.isPending && rate.variables?.trackId === track.id;
  const shown =
    pending && rate.variables ? rate.variables.rating : waiting ? (waiting.body as { rating: number }).rating : track.viewerRating;
  const save = (rating: number | null) =>
    rate.mutate(
      { trackId: track.id, rating, label: track.title },
      {
        onSuccess: (result) => {
          if (!result) toast(offline('kept'));
          else
            toast.success(
              result.rating === null
                ? t('album.trackRatingRemoved', { title: track.title })
                : t('album.trackRated', { title: track.title, value: formatRating(result.rating) }),
            );
          onOpenChange(false);
        },
        onError: () => toast.error(t('album.ratingFailed')),
      },
    );
  const panel = `track-rating-${track.id}`;
  return (
    <li>
      <div className="flex items-center gap-3 px-4 py-2.5">
        <span className="w-6 shrink-0 text-right text-sm tabular-nums text-ink-muted">{track.position}</span>
        <span className="min-w-0 flex-1 overflow-hidden">
          <span className="block truncate text-ink">{track.title}</span>
          {track.ratingCount > 0 && track.averageRating !== null ? (
            <span className="flex items-center gap-1 text-xs tabular-nums text-ink-muted">
              <Star aria-hidden className="size-3 fill-star text-star" />
              {t('album.trackAverage', { value: formatRating(track.averageRating) })}
              <span aria-hidden>·</span>
              {t('album.ratings', { count: track.ratingCount })}
            </span>
          ) : null}
        </span>
        <Button
          variant={shown !== null ? 'secondary' : 'ghost'}
          size="sm"
          className="shrink-0 tabular-nums"
          aria-expanded={open}
          aria-controls={open ? panel : undefined}
          aria-label={
            shown !== null
              ? t('album.changeTrackRating', { title: track.title, value: formatRating(shown) })
              : t('album.openTrackRating', { title: track.title })
          }
          onClick={member(() => onOpenChange(!open))}
        >
          <Star aria-hidden className={shown !== null ? 'size-4 fill-current' : 'size-4'} />
          {shown !== null ? formatRating(shown) : t('album.rateTrack')}
        </Button>
        {waiting ? <WaitingToSend compact className="shrink-0" /> : null}
        <span className="w-10 shrink-0 text-right text-sm tabular-nums text-ink-muted">
          {track.durationMs === null ? '' : formatDuration(track.durationMs)}
        </span>
      </div>
      {open ? (
        <div id={panel} className="flex flex-wrap items-center gap-2 border-t border-line px-4 py-3 sm:pl-13">
          <RatingInput value={shown} onChange={save} disabled={pending} label={t('album.rateTrackLabel', { title: track.title })} />
          {track.viewerRating !== null ? (
            <Button variant="ghost" size="sm" onClick={() => save(null)} disabled={pending}>
              {t('album.removeRating')}
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={() => onOpenChange(false)}>
            {t('album.closeTrackRating')}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function AlbumPageLoading() {
  const { t } = useTranslation('catalog');
  return (
    <PageLoading label={t('album.loading')} className="py-8 sm:py-12">
      <div className="grid gap-6 sm:gap-8 md:grid-cols-[minmax(0,20rem)_1fr] lg:grid-cols-[minmax(0,24rem)_1fr] lg:gap-12">
        <Skeleton className="mx-auto aspect-square w-full max-w-sm rounded-xl md:max-w-none" />
        <div className="space-y-4">
          <Skeleton className="h-4 w-20" />
          <Skeleton className="h-12 w-3/4" />
          <Skeleton className="h-6 w-1/3" />
          <Skeleton className="h-10 w-40" />
          <Skeleton className="h-16 w-full max-w-md" />
          <div className="flex gap-2">
            <Skeleton className="h-10 w-36 rounded-full" />
            <Skeleton className="h-10 w-24 rounded-full" />
            <Skeleton className="h-10 w-40 rounded-full" />
          </div>
        </div>
      </div>
    </PageLoading>
  );
}

/**
 * The route's data: the album, then a member's own marks on it beside what other features show on its page
 * (`alongside`, given the album: the route composes them).
 */
export async function prefetchAlbum(
  { client, params, signedIn }: RouteDataArgs,
  alongside: (album: { id: string; slug: string }) => Promise<unknown>,
): Promise<void> {
  const album = await ensure(client, albumQueryOptions(params.albumId ?? ''));
  if (album) await Promise.all([signedIn && ensure(client, albumViewerStateOptions(album.slug)), alongside(album)]);
}
