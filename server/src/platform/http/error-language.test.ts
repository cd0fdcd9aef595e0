import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { catalogGaps, readMessageSources, type Catalog } from './messages/sources.ts';

const LANGUAGES = ['es', 'fr', 'de', 'ja'] as const;
const catalog = (language: string) => JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8')) as Catalog;

describe('the API’s messages in five languages', () => {
  const sources = readMessageSources();

  it('finds the messages of the server and of the contracts', () => {
    expect(sources.messages.has('We could not find that album. It may have been removed.')).toBe(true);
    expect(sources.messages.has('Rating must be at most 10')).toBe(true);
    expect(sources.messages.has('must be at least {minimum} characters')).toBe(true);
    expect(sources.messages.has('This request came from another site and was refused.')).toBe(true);
  });

  it.each(LANGUAGES)('has every English message in %s, with the same placeholders', (language) => {
    const gaps = catalogGaps(sources, catalog(language), language);
    expect(gaps.missing, 'run `npm run messages:missing --workspace server`').toEqual([]);
    expect(gaps.placeholders).toEqual([]);
  });

  it('keeps the same keys in every language', () => {
    const keys = (language: string) => Object.keys(catalog(language)).sort();
    for (const language of LANGUAGES) expect(keys(language)).toEqual(keys('es'));
  });
});

describe('error answers in the reader’s language', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const missingAlbum = (headers: Record<string, string>) => t.inject({ url: '/api/albums/no-such-album', headers });
  const badSignUp = (headers: Record<string, string>) =>
    t.inject({ method: 'POST', url: '/api/auth/register', payload: { name: 'Ana', email: 'not-an-email', password: 'short' }, headers });

  it('answers a missing album in French to a French browser', async () => {
    const response = await missingAlbum({ 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(response.statusCode).toBe(404);
    expect(response.json().error).toEqual({
      code: 'album_not_found',
      message: 'Nous n’avons pas trouvé cet album. Il a peut-être été retiré.',
      issues: [],
      requestId: response.headers['x-request-id'],
    });
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it('writes a validation error and each of its issues in German', async () => {
    const response = await badSignUp({ 'accept-language': 'de' });
    expect(response.statusCode).toBe(400);
    const { error } = response.json();
    expect(error.code).toBe('invalid_request');
    expect(error.message).toBe('Ungültiges Feld „email“: Bitte gib eine gültige E-Mail-Adresse ein');
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: 'body.email', message: 'Bitte gib eine gültige E-Mail-Adresse ein' },
        { path: 'body.password', message: 'Das Passwort muss mindestens 8 Zeichen lang sein' },
      ]),
    );
  });

  it('translates messages built from values through their pattern', async () => {
    const response = await t.inject({ url: '/api/nothing-here', method: 'DELETE', headers: { 'accept-language': 'es' } });
    expect(response.statusCode).toBe(404);
    expect(response.json().error.message).toBe('No existe el endpoint DELETE /api/nothing-here.');
  });

  it('lets the language cookie win over Accept-Language', async () => {
    const response = await missingAlbum({ cookie: 'theme=dark; hearsay_language=ja', 'accept-language': 'de-DE' });
    expect(response.json().error.message).toBe('そのアルバムが見つかりませんでした。削除された可能性があります。');
  });

  it('answers a refused cross-site write in the cookie’s language', async () => {
    const response = await t.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: {},
      headers: { origin: 'https://elsewhere.example', cookie: 'hearsay_language=es' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'csrf_rejected',
      message: 'Esta solicitud venía de otro sitio y se ha rechazado.',
    });
  });

  it('answers in English by default, and for a language Hearsay does not speak', async () => {
    const english = 'We could not find that album. It may have been removed.';
    expect((await missingAlbum({})).json().error.message).toBe(english);
    expect((await missingAlbum({ 'accept-language': 'pt-BR, it;q=0.8' })).json().error.message).toBe(english);
    expect((await missingAlbum({ cookie: 'hearsay_language=xx' })).json().error.message).toBe(english);
    const validation = (await badSignUp({ 'accept-language': 'en-GB' })).json().error;
    expect(validation.message).toBe('Invalid field "email": Please enter a valid email address');
  });

  it('leaves successful answers as they are', async () => {
    const english = await t.inject({ url: '/healthz' });
    const german = await t.inject({ url: '/healthz', headers: { 'accept-language': 'de' } });
    expect(german.statusCode).toBe(english.statusCode);
    expect(german.statusCode).toBeLessThan(400);
    expect(Object.keys(german.json())).toEqual(Object.keys(english.json()));
    expect(german.headers.vary ?? '').not.toMatch(/Accept-Language/);
  });
});
