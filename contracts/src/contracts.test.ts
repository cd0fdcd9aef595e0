import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AlbumListQuerySchema, RatingValueSchema } from './catalog.ts';
import { usePlainMessages } from './validation-messages.ts';
import { PageQuerySchema } from './pagination.ts';
import { paths } from './paths.ts';

usePlainMessages();

describe('RatingValueSchema', () => {
  it('accepts 1 to 10 in half steps', () => {
    for (const value of [1, 1.5, 7, 9.5, 10]) expect(RatingValueSchema.safeParse(value).success).toBe(true);
  });

  it('refuses values off the scale or between half steps, with a clear message', () => {
    expect(RatingValueSchema.safeParse(0.5).error?.issues[0]?.message).toBe('Rating must be at least 1');
    expect(RatingValueSchema.safeParse(10.5).error?.issues[0]?.message).toBe('Rating must be at most 10');
    expect(RatingValueSchema.safeParse(7.3).error?.issues[0]?.message).toBe('Rating must be in steps of 0.5');
    expect(RatingValueSchema.safeParse('8').error?.issues[0]?.message).toBe('Rating must be a number from 1 to 10');
  });
});

describe('paging and album queries', () => {
  it('defaults to page 1 of 24 and caps the page size at 100', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, limit: 24 });
    expect(PageQuerySchema.safeParse({ limit: '101' }).error?.issues[0]?.message).toBe('must be at most 100');
    expect(PageQuerySchema.safeParse({ page: '0' }).error?.issues[0]?.message).toBe('must be at least 1');
  });

  it('reads filters from a query string and names what is wrong', () => {
    expect(AlbumListQuerySchema.parse({ decade: '1990', type: 'ep' })).toMatchObject({ decade: 1990, type: 'ep', sort: 'popularity' });
    expect(AlbumListQuerySchema.safeParse({ decade: '1995' }).error?.issues[0]?.message).toBe('decade must be a year ending in 0');
    const badSort = AlbumListQuerySchema.safeParse({ sort: 'loudest' });
    expect(badSort.error?.issues[0]?.path).toEqual(['sort']);
    expect(badSort.error?.issues[0]?.message).toMatch(/^must be one of: rating, popularity/);
  });

  it('uses plain messages for missing and mistyped fields', () => {
    const schema = z.object({ name: z.string(), count: z.number() });
    const issues = schema.safeParse({ count: 'three' }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['is required', 'must be a number']);
  });
});

describe('paths', () => {
  it('builds the web routes with encoded segments', () => {
    expect(paths.album('ok-computer')).toBe('/album/ok-computer');
    expect(paths.profile('a b')).toBe('/profile/a%20b');
    expect(paths.login('/album/x?y=1')).toBe('/login?redirect=%2Falbum%2Fx%3Fy%3D1');
    expect(paths.explore({ genre: 'rock', decade: 1990 })).toBe('/explore?genre=rock&decade=1990');
    expect(paths.explore()).toBe('/explore');
    expect(paths.search('björk')).toBe('/search?q=bj%C3%B6rk');
  });
});
