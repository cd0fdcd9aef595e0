import type { Database } from '../db/schema.ts';

/**
 * The tables of other modules the hydration layer reads, each with why it reads them itself instead of asking their
 * owner: a list of cards is one statement per kind of thing it shows whatever modules own them (decision 041), and a rule
 * a statement filters by is a condition of that statement. It never writes. `server/test/table-ownership.test.ts`
 * fails when it names a table that is not here, or when one here is no longer read.
 */
export const HYDRATION_READS: Partial<Record<keyof Database, string>> = {
  activity:
    'the feed’s skeleton: its activity rows merged with the ratings that are news by time and actor, newest first, in one statement each engine merges in index order (decision 042); who was active lately, counted for NodeInfo',
  user: 'name and username of every person card, read with the rest of the card in one statement; the author named by each review a Weekly Digest quotes, looked up by key in its statement; the members NodeInfo counts',
  album:
    'every album card: its row carries its credits and genres (decision 049), so a page of cards is one statement; the album rule as a condition (`thingWhere.albumListed`); the albums a Weekly Digest names; a year in review’s release years of the albums rated',
  album_genre: 'a year in review counts the genres of the albums a person rated that year, grouped in one statement (decision 066)',
  genre: 'a year in review’s genres: broad ones only, not the moving rules (“New”), in the statement that counts them',
  rating:
    'the viewer’s own rating on each album card, and a review’s author’s rating as it is now, read with the card; a year in review’s ratings, aggregated over their albums’ genres and release years in one statement each, and a Weekly Digest’s most rated albums among the people a member follows; the ratings that are news, merged into the feed’s skeleton, and who rated a new member’s albums most (decision 066); the public ratings NodeInfo counts',
  review:
    'every review card, read by id with its author’s current rating and the viewer’s like in one statement; a Weekly Digest’s newest reviews of the people a member follows, one range per person followed (decision 066); the public reviews NodeInfo counts',
  review_like: 'whether the viewer liked each review, read with the review card',
  collection: 'every list card (browse, a person’s lists, search, the feed, a list’s page), read by id in one statement',
  collection_album: 'a list card’s first albums, for its covers, read with the card as one JSON array',
  collection_like: 'whether the viewer liked each list, read with the list card',
  profile:
    'picture, counts and visibility: the card and every rule that asks whether a profile is closed; who shares their ratings, a condition of the feed’s sidebar, and reviewers ranked by their count with the ratings that chose them; which profiles and shared posts NodeInfo counts',
  follow:
    'the viewer follows them, or they follow the viewer: the card’s Follow state and followers-only profiles; the people a member follows, where a Weekly Digest’s two statements start; the follow probed for each row of the feed’s window, and whom the viewer follows as a condition of the feed’s sidebar',
  follow_request: 'the viewer asked to follow them: the card’s Requested state, read with the card',
  block: 'a block either way: every rule, read with the card or as a condition of the statement that filters',
  home_timeline:
    'a page of a member’s home timeline (decision 087), read with the rows its entries name and the follows that keep them in one statement, as the pull-based skeleton reads activity and ratings',
  remote_post: 'whether a post of another site in a home timeline is still stored, probed per entry of the timeline’s page',
  remote_follow: 'whether the viewer still follows the remote person of a home timeline’s entry, probed per entry of the page',
  mute: 'a mute: whose activity a feed shows, read with the card or as a condition of the statement that filters',
};
