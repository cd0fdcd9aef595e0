import { applySettingsPatch, readMemberSettings, type MemberSettings, type MemberSettingsPatch } from '@hearsay/contracts/settings';
import type { ProfileRows } from '../profiles/profiles.service.ts';

export type SettingsService = ReturnType<typeof createSettingsService>;

function parseStored(stored: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(stored ?? '{}');
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * A member's settings: notification toggles, who may message them and what they share. Other parts of the stored
 * object (theme, language, privacy) belong to other settings and are kept as they are on every write. The object is
 * stored in the profile row (`profile.settings`), which its owner reads and writes for this service.
 */
export function createSettingsService(deps: {
  clock: () => Date;
  profiles: Pick<ProfileRows, 'storedSettings' | 'storedSettingsOf' | 'writeSettings'>;
}) {
  const { profiles } = deps;

  async function read(userId: string): Promise<MemberSettings> {
    return readMemberSettings(parseStored(await profiles.storedSettings(userId)));
  }

  /** Everyone's settings at once, by person; anyone without a profile reads as the defaults. */
  async function readMany(userIds: readonly string[]): Promise<Map<string, MemberSettings>> {
    const rows = await profiles.storedSettingsOf([...new Set(userIds)]);
    const found = new Map(rows.map((row) => [row.user_id, readMemberSettings(parseStored(row.settings))]));
    return new Map(userIds.map((id) => [id, found.get(id) ?? readMemberSettings({})]));
  }

  async function update(userId: string, patch: MemberSettingsPatch): Promise<MemberSettings> {
    const stored = parseStored(await profiles.storedSettings(userId));
    const current = readMemberSettings(stored);
    const next = applySettingsPatch(current, patch);
    await profiles.writeSettings(userId, JSON.stringify({ ...stored, ...next }), deps.clock().toISOString());
    return next;
  }

  return { read, readMany, update };
}
