import { paths } from '@hearsay/contracts/paths';
import type { MemberSettings } from '@hearsay/contracts/settings';
import type { DB } from '../../platform/db/index.ts';
import { annotateFinished, findJob, requeueFinished } from '../../platform/jobs/jobs.repository.ts';
import type { JobHandler, Jobs } from '../../platform/jobs/runner.ts';
import { readLanguage } from '../../platform/languages.ts';
import type { Mailer } from '../../platform/mail/mailer.ts';
import { weeklyDigestEmail } from './notification-emails.ts';
import type { Hydrator } from '../../hydration/hydrator.ts';
import type { ProfileReads } from '../profiles/profiles.service.ts';
import * as repository from './notifications.repository.ts';
import type { UnsubscribeLinks } from './unsubscribe-links.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Queues last week's Weekly Digest (if it is not done) and waits for it: what the hourly check does, now. */
    weeklyDigest: () => Promise<{ week: string; sent: number }>;
  }
}

export const WEEKLY_DIGEST_JOB = 'weekly_digest';

const DAY_MS = 24 * 3600_000;
/** People read per query; a step stops after any person once its time is up. */
const PAGE = 100;
/** A week whose pass could not send some e-mails (the mail server was down) gets another pass an hour later, twice. */
const RETRY_AFTER_MS = 3600_000;
const PASSES = 3;

/** Where a week's pass is: the week it covers, the last person looked at, and what it did so far. */
export interface DigestCursor {
  week: string;
  from: string;
  to: string;
  after: string;
  pass: number;
  sent: number;
  failed: number;
  /** When a pass that could not send everything may run again (set by the first check that finds it so). */
  retryAt?: string;
}

export interface WeeklyDigestDeps {
  db: DB;
  clock: () => Date;
  settings: { readMany(userIds: readonly string[]): Promise<Map<string, MemberSettings>> };
  mailer: Mailer;
  links: UnsubscribeLinks;
  publicUrl: string;
  log: { error(details: object, message: string): void };
  /**
   * What a member's digest shows of the week: the reviews and ratings of the people they follow whom their feed shows
   * (`activityShown`: blocks, closed profiles, mutes).
   */
  hydrator: Pick<Hydrator, 'followedWeek'>;
  /** Who follows someone, the members who could get a digest (the profiles' reads). */
  profiles: Pick<ProfileReads, 'followersAfter'>;
  /** Their names and e-mail addresses (the accounts' reads). */
  accounts: { contacts(userIds: readonly string[]): Promise<{ id: string; name: string; email: string }[]> };
}

/** The ISO week of a moment, e.g. 2026-W48, and when that week starts (Monday 00:00 UTC). */
export function isoWeek(moment: Date): { week: string; start: Date } {
  const day = new Date(Date.UTC(moment.getUTCFullYear(), moment.getUTCMonth(), moment.getUTCDate()));
  const weekday = (day.getUTCDay() + 6) % 7;
  const start = new Date(day.getTime() - weekday * DAY_MS);
  const thursday = new Date(start.getTime() + 3 * DAY_MS);
  const yearStart = Date.UTC(thursday.getUTCFullYear(), 0, 1);
  const number = Math.floor((thursday.getTime() - yearStart) / (7 * DAY_MS)) + 1;
  return { week: `${thursday.getUTCFullYear()}-W${String(number).padStart(2, '0')}`, start };
}

const jobId = (week: string) => `${WEEKLY_DIGEST_JOB}:${week}`;

/**
 * The Weekly Digest: once a week, everyone who wants it and whose people reviewed or rated something gets an e-mail
 * of the last full ISO week. It is a background job (one per week, `weekly_digest:2026-W48`), so the walk over every
 * member runs in small steps off the request path and resumes after a restart. The claim row (person, week) goes in
 * before the e-mail, so nobody gets two even when a step runs again; a failed send gives the claim back for the next
 * pass.
 */
export function createWeeklyDigest(deps: WeeklyDigestDeps) {
  const { db, log } = deps;
  const site = deps.publicUrl.replace(/\/+$/, '');

  /** Looks at one person; true when their digest was sent, false when they had none, null when sending failed. */
  async function digestFor(person: { id: string; name: string; email: string }, settings: MemberSettings, cursor: DigestCursor) {
    if (!settings.notifications.email.weeklyDigest) return false;
    const { reviews, albums } = await deps.hydrator.followedWeek(person.id, cursor.from, cursor.to);
    if (reviews.length === 0 && albums.length === 0) return false;
    if (!(await repository.claimDigest(db, person.id, cursor.week, deps.clock().toISOString()))) return false;
    const stopLink = deps.links.url(person.id, 'weeklyDigest');
    const digest = weeklyDigestEmail(readLanguage(settings.appearance.language), {
      week: cursor.week,
      albums: albums.map((a) => ({ title: a.title, artist: a.artist_credit, ratings: Number(a.ratings), average: Number(a.average) })),
      reviews: reviews.map((r) => ({
        who: r.name,
        title: r.title,
        artist: r.artist_credit,
        rating: Number(r.rating),
        link: `${site}${paths.review(r.id)}`,
      })),
      stopLink,
    });
    try {
      await deps.mailer.send({
        to: person.email,
        ...digest,
        headers: { 'List-Unsubscribe': `<${stopLink}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      return true;
    } catch (error) {
      log.error({ err: error, week: cursor.week }, 'could not send a Weekly Digest');
      await repository.releaseDigest(db, person.id, cursor.week);
      return null;
    }
  }

  /** Everyone who could get a digest (they follow someone), a page at a time in id order. */
  async function candidates(afterId: string) {
    const ids = await deps.profiles.followersAfter(afterId, PAGE);
    const found = new Map((await deps.accounts.contacts(ids)).map((person) => [person.id, person]));
    return ids.flatMap((id) => found.get(id) ?? []);
  }

  const handler: JobHandler<DigestCursor> = {
    async step(job, budgetMs) {
      const cursor = { ...job.cursor };
      const started = performance.now();
      for (;;) {
        const people = await candidates(cursor.after);
        if (people.length === 0) return { cursor, done: true };
        const settings = await deps.settings.readMany(people.map((person) => person.id));
        for (const person of people) {
          const outcome = await digestFor(person, settings.get(person.id)!, cursor);
          if (outcome === true) cursor.sent++;
          if (outcome === null) cursor.failed++;
          cursor.after = person.id;
          if (performance.now() - started >= budgetMs) return { cursor, done: false };
        }
      }
    },
    async failed(job, error) {
      log.error({ err: error, jobId: job.id, week: job.cursor.week }, 'the Weekly Digest stopped');
    },
  };

  /**
   * Queues the pass for the last full week unless it is queued, running or done; a done pass that could not send
   * everything is queued again an hour after a check found it so. Any number of processes may call this at once.
   */
  async function ensureQueued(jobs: Pick<Jobs, 'enqueue'>): Promise<{ week: string; queued: boolean }> {
    const now = deps.clock();
    const { start: thisWeek } = isoWeek(now);
    const from = new Date(thisWeek.getTime() - 7 * DAY_MS);
    const { week } = isoWeek(from);
    const fresh: DigestCursor = { week, from: from.toISOString(), to: thisWeek.toISOString(), after: '', pass: 1, sent: 0, failed: 0 };
    const job = await findJob(db, jobId(week));
    if (!job) {
      try {
        await jobs.enqueue({ id: jobId(week), kind: WEEKLY_DIGEST_JOB, owner: null, cursor: fresh });
        return { week, queued: true };
      } catch {
        // Another process queued it at the same moment.
        return { week, queued: false };
      }
    }
    if (job.state !== 'done') return { week, queued: false };
    const last = JSON.parse(job.cursor) as DigestCursor;
    if (last.failed === 0 || last.pass >= PASSES) return { week, queued: false };
    // The hour is counted on this clock, from when a check first found the failures.
    if (!last.retryAt) {
      const retryAt = new Date(now.getTime() + RETRY_AFTER_MS).toISOString();
      await annotateFinished(db, jobId(week), JSON.stringify({ ...last, retryAt }));
      return { week, queued: false };
    }
    if (now.getTime() < Date.parse(last.retryAt)) return { week, queued: false };
    const again: DigestCursor = { ...fresh, pass: last.pass + 1, sent: last.sent };
    return { week, queued: await requeueFinished(db, jobId(week), JSON.stringify(again), now.toISOString()) };
  }

  /** What last week's pass has done: its cursor once it has finished, null while it is queued or running. */
  async function finished(week: string): Promise<DigestCursor | null> {
    const job = await findJob(db, jobId(week));
    return job && (job.state === 'done' || job.state === 'failed') ? (JSON.parse(job.cursor) as DigestCursor) : null;
  }

  /** Checks now and every hour; the job's id, not this timer, keeps it to one pass a week. */
  function schedule(jobs: Pick<Jobs, 'enqueue'>, everyMs = 3600_000): () => void {
    const check = () => void ensureQueued(jobs).catch((error: unknown) => log.error({ err: error }, 'could not queue the Weekly Digest'));
    const first = setTimeout(check, 10_000);
    const timer = setInterval(check, everyMs);
    first.unref();
    timer.unref();
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }

  return { handler, ensureQueued, finished, schedule };
}
