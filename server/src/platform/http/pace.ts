import type { FastifyPluginAsync } from 'fastify';
import fastifyPlugin from 'fastify-plugin';
import { enforceLimit, HOUR_MS, type RateLimiter } from '../auth/rate-limiter.ts';

/**
 * How many of each costly action one person may take in an hour. Generous for a person, tight for a script:
 * each of these writes rows other people see, sends nothing back cheaply, or does heavy work (images, CSV).
 */
export const PACE_PER_HOUR = {
  review: 30,
  comment: 120,
  follow: 120,
  collection: 60,
  listen: 300,
  /**
   * Rating tracks (decision 078), given and taken back: a member rating every track of a dozen long albums in an
   * hour stays under it; a script rating thousands does not.
   */
  'track-rating': 600,
  picture: 20,
  import: 10,
  /** Building a ZIP of everything of yours: a few a day is plenty, and each one reads every row you have. */
  export: 5,
  /** A direct message: plenty for a lively conversation, too few to spam many people. */
  message: 300,
  /** Adding an album from MusicBrainz: three requests to a free service that allows one a second. */
  'musicbrainz-add': 60,
  /** Adding an album by hand when MusicBrainz cannot be asked: each waits in the moderators' queue. */
  'album-by-hand': 20,
  /** Finding the album of a shared or pasted music link (decision 086): each may ask MusicBrainz and read the link's page. */
  'link-resolve': 300,
  /** Searching MusicBrainz (visitors count by address). */
  'musicbrainz-search': 300,
  /** Reports to the moderators: enough for someone cleaning up after a spammer, too few to flood the queue. */
  report: 60,
  /** Saying which albums you own, and which edition: a whole shelf catalogued in an evening, not a script's thousands. */
  ownership: 600,
  /** Connecting ListenBrainz forwarding: each one asks that server whether the token is good. */
  'listenbrainz-check': 30,
  /** A vote on an album's genres or descriptors (decision 077): a member labelling a dozen albums an hour, not a script. */
  vote: 120,
  /** Choosing one's four favourite albums (each save shows on one's profile): plenty of rearranging, not a script's churn. */
  'favourite-albums': 120,
  /** Suggesting a correction of an album: each waits for a moderator. */
  correction: 30,
  /** Merging albums, undoing merges, dismissing possible duplicates: a curator's afternoon, not a script's (decision 080). */
  curation: 200,
  /** Subscribing a device to pushes (decision 084): a browser does it once, and again when its push service renews it. */
  'push-subscription': 60,
} as const;

export type Pace = keyof typeof PACE_PER_HOUR;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A route that is one of the costly actions: its requests count against the person's hourly pace. */
    pace?: Pace;
    /** Visitors count against the pace too, by address (for routes visitors may use). */
    paceVisitors?: boolean;
  }
}

/**
 * Enforces the pace of routes that declare `config: { pace }`, per signed-in person, in the shared limiter
 * (Redis when configured, so every server process counts together). Visitors are left to the route (a members-only
 * one has already answered them 401), unless the route paces them by address.
 */
const pacePlugin: FastifyPluginAsync<{ limiter: RateLimiter }> = async (app, { limiter }) => {
  app.addHook('preHandler', async (request) => {
    const pace = request.routeOptions.config.pace;
    if (!pace) return;
    const who = request.viewer ? request.viewer.id : request.routeOptions.config.paceVisitors ? `ip:${request.ip}` : null;
    if (!who) return;
    await enforceLimit(limiter, `pace:${pace}:${who}`, PACE_PER_HOUR[pace], HOUR_MS, true, 'often');
  });
};

export const paceLimits = fastifyPlugin(pacePlugin);
