import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AlbumListQuerySchema, RatingValueSchema } from './catalog.ts';
import i18next from 'i18next';
import english from '../locales/en/errors.json' with { type: 'json' };
import { issueWords, type ErrorTranslate } from './error-words.ts';
import { issueParams, useIssueCodes, type IssueDetails } from './issue-codes.ts';
import { PageQuerySchema } from './pagination.ts';
import { paths } from './paths.ts';

useIssueCodes();

const strings = i18next.createInstance();
await strings.init({ lng: 'en', resources: { en: { errors: english } }, defaultNS: 'errors', interpolation: { escapeValue: false } });
const t = strings.getFixedT('en', 'errors') as unknown as ErrorTranslate;

/** The English words of the first issue of a value a schema refuses, as the server writes them. */
function said(result: { error?: { issues: readonly (IssueDetails & { message: string })[] } }): string | undefined {
  const issue = result.error?.issues[0];
  return issue && issueWords(t, { code: issue.message, params: issueParams(issue) });
}

describe('RatingValueSchema', () => {
  it('accepts 1 to 10 in half steps', () => {
    for (const value of [1, 1.5, 7, 9.5, 10]) expect(RatingValueSchema.safeParse(value).success).toBe(true);
  });

  it('refuses values off the scale or between half steps, with a clear message', () => {
    expect(said(RatingValueSchema.safeParse(0.5))).toBe('Rating must be at least 1');
    expect(said(RatingValueSchema.safeParse(10.5))).toBe('Rating must be at most 10');
    expect(said(RatingValueSchema.safeParse(7.3))).toBe('Rating must be in steps of 0.5');
    expect(said(RatingValueSchema.safeParse('8'))).toBe('Rating must be a number from 1 to 10');
  });
});

describe('paging and album queries', () => {
  it('defaults to page 1 of 24 and caps the page size at 100', () => {
    expect(PageQuerySchema.parse({})).toEqual({ page: 1, limit: 24 });
    expect(said(PageQuerySchema.safeParse({ limit: '101' }))).toBe('must be at most 100');
    expect(said(PageQuerySchema.safeParse({ page: '0' }))).toBe('must be at least 1');
  });

  it('reads filters from a query string and names what is wrong', () => {
    expect(AlbumListQuerySchema.parse({ decade: '1990', type: 'ep' })).toMatchObject({ decade: 1990, type: 'ep', sort: 'popularity' });
    expect(said(AlbumListQuerySchema.safeParse({ decade: '1995' }))).toBe('decade must be a year ending in 0');
    const badSort = AlbumListQuerySchema.safeParse({ sort: 'loudest' });
    expect(badSort.error?.issues[0]?.path).toEqual(['sort']);
    expect(said(badSort)).toMatch(/^must be one of: rating, popularity/);
  });

  it('says in plain words what is missing or mistyped', () => {
    const schema = z.object({ name: z.string(), count: z.number() });
    const issues = schema.safeParse({ count: 'three' }).error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual(['required', 'not_a_number']);
    expect(issues.map((issue) => issueWords(t, { code: issue.message }))).toEqual(['is required', 'must be a number']);
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
