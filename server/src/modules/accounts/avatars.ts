import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { badRequest } from '../../platform/errors.ts';
import type { ProfileRows } from '../profiles/profiles.service.ts';
import { uploadUrl } from '../../platform/http/uploads.ts';

export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_SIZE = 256;
const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

/**
 * Profile pictures: whatever image comes in is decoded, cropped square and re-encoded as WebP, so only our own
 * bytes are ever served (no scripts in SVGs, no metadata, no oversized files). Names are random per upload, so
 * caches never show an old picture.
 */
export async function saveAvatar(
  profiles: Pick<ProfileRows, 'ownProfile' | 'updateFields'>,
  dataDir: string,
  userId: string,
  upload: Buffer,
  now: string,
): Promise<string> {
  let webp: Buffer;
  try {
    const { format } = await sharp(upload).metadata();
    if (!format || !ACCEPTED_FORMATS.has(format)) throw new Error(`not accepted: ${format}`);
    webp = await sharp(upload, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw badRequest('invalid_image');
  }
  const relative = `avatars/${userId}-${randomBytes(6).toString('hex')}.webp`;
  await mkdir(join(dataDir, 'uploads', 'avatars'), { recursive: true });
  await writeFile(join(dataDir, 'uploads', relative), webp);
  const previous = (await profiles.ownProfile(userId))?.avatar_path;
  await profiles.updateFields(userId, { avatar_path: relative }, now);
  if (previous) await rm(join(dataDir, 'uploads', previous), { force: true });
  return uploadUrl(relative)!;
}

export async function removeAvatar(
  profiles: Pick<ProfileRows, 'ownProfile' | 'updateFields'>,
  dataDir: string,
  userId: string,
  now: string,
): Promise<void> {
  const previous = (await profiles.ownProfile(userId))?.avatar_path;
  await profiles.updateFields(userId, { avatar_path: null }, now);
  if (previous) await rm(join(dataDir, 'uploads', previous), { force: true });
}
