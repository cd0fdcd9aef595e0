import { paths } from '@hearsay/contracts/paths';
import { BookOpen, KeyRound } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonVariants } from '../../shared/ui/button.tsx';
import { Container } from '../../shared/ui/card.tsx';
import { TOKEN_RATE_LIMIT } from '@hearsay/contracts/constants';

/** Commands shown as they are typed in a terminal: never translated. */
function examples(origin: string) {
  const auth = '-H "Authorization: Bearer $HEARSAY_TOKEN"';
  return {
    me: `curl ${auth} \\\n  ${origin}/api/me`,
    ratings: `curl ${auth} \\\n  "${origin}/api/me/ratings?sort=date&limit=20"`,
    rate: `curl -X PUT ${auth} \\\n  -H "Content-Type: application/json" \\\n  -d '{"rating": 8.5}' \\\n  ${origin}/api/albums/$ALBUM_ID/rating`,
    search: `curl ${auth} \\\n  "${origin}/api/search?q=talking+heads"`,
    listen:
      `curl -X POST -H "Authorization: Token $HEARSAY_TOKEN" \\\n  -H "Content-Type: application/json" \\\n` +
      `  -d '{"listen_type": "single", "payload": [{"listened_at": '$(date +%s)', "track_metadata": {"artist_name": "Talking Heads", "track_name": "Once in a Lifetime", "release_name": "Remain in Light"}}]}' \\\n` +
      `  ${origin}/1/submit-listens`,
  };
}

/** The ListenBrainz-compatible routes a player uses (decision 072). */
const PLAYER_ROUTES = [
  'POST /1/submit-listens',
  'GET  /1/validate-token',
  'GET  /1/user/{name}/listens',
  'GET  /1/user/{name}/playing-now',
  'GET  /1/user/{name}/listen-count',
].join('\n');

function Code({ children }: { children: string }) {
  return (
    // Focusable: a long line scrolls sideways on a phone, and the keyboard must be able to scroll it too.
    <pre tabIndex={0} className="mt-2 overflow-x-auto rounded-xl bg-surface-2 p-4 font-mono text-sm leading-relaxed text-ink">
      <code>{children}</code>
    </pre>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10">
      <h2 className="font-display text-2xl font-semibold text-ink">{title}</h2>
      <div className="mt-3 leading-relaxed text-ink-muted">{children}</div>
    </section>
  );
}

const unchanging = () => () => undefined;

/**
 * The site's address, as the browser has it. The server renders the page without it (it does not know the address the
 * page was asked for under), and the browser's first render must match that render: it is filled in just after.
 */
function useSiteOrigin(): string {
  return useSyncExternalStore(
    unchanging,
    () => window.location.origin,
    () => '',
  );
}

/** /api: what members' own tools need — tokens, scopes, limits, errors and examples — with the reference one link away. */
export function ApiPage() {
  const { t } = useTranslation('developers');
  const origin = useSiteOrigin();
  const commands = examples(origin);
  const minutes = Math.round(TOKEN_RATE_LIMIT.windowSeconds / 60);
  return (
    <Container className="max-w-3xl py-12">
      <title>{`${t('page.title')} · Hearsay`}</title>
      <h1 className="font-display text-4xl font-semibold text-ink">{t('page.title')}</h1>
      <p className="mt-6 text-lg text-ink-muted">{t('page.intro')}</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={paths.apiDocs()} className={buttonVariants()}>
          <BookOpen aria-hidden />
          {t('page.reference')}
        </a>
        <Link to={paths.settings('security')} className={buttonVariants({ variant: 'outline' })}>
          <KeyRound aria-hidden />
          {t('page.createToken')}
        </Link>
      </div>

      <Section title={t('page.tokensTitle')}>
        <p>{t('page.tokensBody')}</p>
        <Code>{'Authorization: Bearer hsy_…'}</Code>
      </Section>

      <Section title={t('page.scopesTitle')}>
        <dl className="grid gap-3 sm:grid-cols-[9rem_1fr]">
          <dt className="font-mono font-semibold text-ink">read</dt>
          <dd>{t('page.scopeReadBody')}</dd>
          <dt className="font-mono font-semibold text-ink">write</dt>
          <dd>{t('page.scopeWriteBody')}</dd>
          <dt className="font-mono font-semibold text-ink">listens:write</dt>
          <dd>{t('page.scopeListensBody')}</dd>
        </dl>
        <p className="mt-3">{t('page.scopesNote')}</p>
      </Section>

      <Section title={t('page.limitsTitle')}>
        <p>{t('page.limitsBody', { requests: TOKEN_RATE_LIMIT.requests, minutes })}</p>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-mono text-sm text-ink">RateLimit-Limit</dt>
          <dd>{t('page.limitHeader')}</dd>
          <dt className="font-mono text-sm text-ink">RateLimit-Remaining</dt>
          <dd>{t('page.remainingHeader')}</dd>
          <dt className="font-mono text-sm text-ink">RateLimit-Reset</dt>
          <dd>{t('page.resetHeader')}</dd>
        </dl>
        <p className="mt-3">{t('page.retryAfter')}</p>
      </Section>

      <Section title={t('page.errorsTitle')}>
        <p>{t('page.errorsBody')}</p>
        <Code>
          {'{ "error": { "code": "token_scope", "params": { "context": "write", "method": "POST" }, "message": "…", "issues": [] } }'}
        </Code>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[12rem_1fr]">
          <dt className="font-mono text-sm text-ink">401 token_invalid</dt>
          <dd>{t('page.errorInvalid')}</dd>
          <dt className="font-mono text-sm text-ink">401 token_expired</dt>
          <dd>{t('page.errorExpired')}</dd>
          <dt className="font-mono text-sm text-ink">403 token_scope</dt>
          <dd>{t('page.errorScope')}</dd>
          <dt className="font-mono text-sm text-ink">429 rate_limited</dt>
          <dd>{t('page.errorLimited')}</dd>
        </dl>
      </Section>

      <Section title={t('page.retryTitle')}>
        <p>{t('page.retryBody')}</p>
        <Code>{'Idempotency-Key: "8e03978e-40d5-43e8-bc93-6894a57f9324"'}</Code>
        <dl className="mt-3 grid gap-2 sm:grid-cols-[16rem_1fr]">
          <dt className="font-mono text-sm text-ink">Idempotent-Replayed: true</dt>
          <dd>{t('page.retryReplayed')}</dd>
          <dt className="font-mono text-sm text-ink">422 idempotency_key_reused</dt>
          <dd>{t('page.retryReused')}</dd>
          <dt className="font-mono text-sm text-ink">409 idempotency_key_in_flight</dt>
          <dd>{t('page.retryInFlight')}</dd>
          <dt className="font-mono text-sm text-ink">400 idempotency_key_invalid</dt>
          <dd>{t('page.retryInvalid')}</dd>
        </dl>
      </Section>

      <Section title={t('page.playerTitle')}>
        <p>{t('page.playerBody')}</p>
        <p className="mt-3">{t('page.playerAddress')}</p>
        <Code>{`${origin}/`}</Code>
        <p className="mt-3">{t('page.playerRoutes')}</p>
        <Code>{PLAYER_ROUTES}</Code>
        <p className="mt-3">{t('page.playerNote')}</p>
        <h3 className="mt-5 font-semibold text-ink">{t('page.examplePlayer')}</h3>
        <Code>{commands.listen}</Code>
      </Section>

      <Section title={t('page.examplesTitle')}>
        <p>{t('page.exampleNote', { token: '$HEARSAY_TOKEN', album: '$ALBUM_ID' })}</p>
        <h3 className="mt-5 font-semibold text-ink">{t('page.exampleMe')}</h3>
        <Code>{commands.me}</Code>
        <h3 className="mt-5 font-semibold text-ink">{t('page.exampleRatings')}</h3>
        <Code>{commands.ratings}</Code>
        <h3 className="mt-5 font-semibold text-ink">{t('page.exampleRate')}</h3>
        <Code>{commands.rate}</Code>
        <h3 className="mt-5 font-semibold text-ink">{t('page.exampleSearch')}</h3>
        <Code>{commands.search}</Code>
      </Section>
    </Container>
  );
}
