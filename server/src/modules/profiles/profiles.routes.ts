import { favouritesEndpoints } from '@hearsay/contracts/favourites';
import { profilesEndpoints as endpoints } from '@hearsay/contracts/profiles';
import type { FastifyPluginAsync } from 'fastify';
import { route } from '../../platform/http/endpoints.ts';
import type { ProfilesService } from './profiles.service.ts';

/** A public profile and its tabs answer visitors too; acting on a person, and compatibility, need a member. */
export const profilesRoutes: FastifyPluginAsync<{ profiles: ProfilesService }> = async (app, { profiles }) => {
  route(app, endpoints.profile, async (request) => profiles.profile(request.params.username, request.viewer));

  route(app, endpoints.follow, async (request) => profiles.setFollow(request.params.username, request.viewer, true), {
    config: { pace: 'follow' },
  });
  route(app, endpoints.unfollow, async (request) => profiles.setFollow(request.params.username, request.viewer, false));

  route(app, endpoints.visibility, async (request) => profiles.visibility(request.viewer));
  route(app, endpoints.setVisibility, async (request) => profiles.setVisibility(request.viewer, request.body.visibility));
  route(app, endpoints.followRequests, async (request) => profiles.followRequests(request.viewer, request.query));
  route(app, endpoints.approveFollowRequest, async (request) => profiles.answerRequest(request.viewer, request.params.username, true));
  route(app, endpoints.declineFollowRequest, async (request) => profiles.answerRequest(request.viewer, request.params.username, false));

  route(app, endpoints.block, async (request) => profiles.setBlock(request.params.username, request.viewer, true));
  route(app, endpoints.unblock, async (request) => profiles.setBlock(request.params.username, request.viewer, false));
  route(app, endpoints.mute, async (request) => profiles.setMute(request.params.username, request.viewer, true));
  route(app, endpoints.unmute, async (request) => profiles.setMute(request.params.username, request.viewer, false));

  for (const direction of ['followers', 'following'] as const) {
    route(app, endpoints[direction], async (request) => profiles.people(request.params.username, request.viewer, direction, request.query));
  }

  route(app, endpoints.ratings, async (request) => profiles.ratings(request.params.username, request.viewer, request.query));

  route(app, endpoints.topTracks, async (request) => profiles.topTracks(request.params.username, request.viewer, request.query));
  route(app, endpoints.ratingDistribution, async (request) => profiles.distribution(request.params.username, request.viewer));

  route(app, endpoints.compatibility, async (request) => profiles.compatibility(request.params.username, request.viewer));

  route(app, endpoints.collections, async (request) => profiles.collections(request.params.username, request.viewer, request.query));

  route(app, favouritesEndpoints.favouriteAlbums, async (request) => profiles.favouriteAlbums(request.params.username, request.viewer));
  route(
    app,
    favouritesEndpoints.setFavouriteAlbums,
    async (request) => profiles.setFavouriteAlbums(request.viewer, request.body.albumIds),
    {
      config: { pace: 'favourite-albums' },
    },
  );
  route(app, favouritesEndpoints.albumCircle, async (request) => profiles.albumCircle(request.params.albumId, request.viewer));
};
