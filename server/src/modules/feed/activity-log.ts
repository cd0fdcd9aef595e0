import * as repository from './activity.repository.ts';

export type { ActivityMatch, ActivityRow } from './activity.repository.ts';
export type ActivityLog = ReturnType<typeof createActivityLog>;

/**
 * The feed's side that other modules write through (decision 065): each module records what a person did, and removes
 * it when it is undone, by passing its own transaction, so the feed's rows and the action commit together. The feed
 * alone reads the rows. Made before the modules that record, which are made before the feed's service.
 */
export function createActivityLog() {
  return {
    record: repository.insertActivity,
    remove: repository.deleteActivity,
  };
}
