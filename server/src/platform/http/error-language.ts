import { acceptedLanguages, LANGUAGES, pickLanguage, type Language } from '@hearsay/contracts/settings';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readFileSync } from 'node:fs';

/** The web app's cookie for a visitor's pick of language (web/src/shared/i18n, LANGUAGE_COOKIE). */
const LANGUAGE_COOKIE = 'hearsay_language';
const COOKIE = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`);

interface Pattern {
  regex: RegExp;
  names: string[];
  translation: string;
  /** Literal characters of the English pattern: the most specific pattern that matches wins. */
  weight: number;
}

interface Catalog {
  exact: Map<string, string>;
  patterns: Pattern[];
}

const PLACEHOLDER = /\{(\w+)\}/g;

function compile(entries: Record<string, string>): Catalog {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [english, translation] of Object.entries(entries)) {
    if (!/\{\w+\}/.test(english)) {
      exact.set(english, translation);
      continue;
    }
    const { regex, names } = patternOf(english);
    patterns.push({ regex, names, translation, weight: english.replace(PLACEHOLDER, '').length });
  }
  patterns.sort((a, b) => b.weight - a.weight);
  return { exact, patterns };
}

/** The regular expression an English pattern (`must be at most {maximum} characters`) matches messages with. */
export function patternOf(english: string): { regex: RegExp; names: string[] } {
  const names: string[] = [];
  const source = english
    .split(PLACEHOLDER)
    .map((part, index) => {
      if (index % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { regex: new RegExp(`^${source}$`, 's'), names };
}

const catalogs = new Map<Language, Catalog>();
function catalogOf(language: Exclude<Language, 'en'>): Catalog {
  let catalog = catalogs.get(language);
  if (!catalog) {
    const entries = JSON.parse(readFileSync(new URL(`./messages/${language}.json`, import.meta.url), 'utf8')) as Record<string, string>;
    catalogs.set(language, (catalog = compile(entries)));
  }
  return catalog;
}

/**
 * An English message in another language, or undefined when the catalog has none. A pattern's values are
 * translated too when they are messages themselves (`Invalid field "rating": {message}`).
 */
export function translateMessage(text: string, language: Language, depth = 0): string | undefined {
  if (language === 'en') return text;
  const catalog = catalogOf(language);
  const exact = catalog.exact.get(text);
  if (exact !== undefined) return exact;
  for (const pattern of catalog.patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values = new Map(pattern.names.map((name, index) => [name, match[index + 1] ?? '']));
    return pattern.translation.replace(PLACEHOLDER, (whole, name: string) => {
      const value = values.get(name);
      if (value === undefined) return whole;
      return depth < 2 ? (translateMessage(value, language, depth + 1) ?? value) : value;
    });
  }
  return undefined;
}

/** The `hearsay_language` cookie if it names a language of Hearsay, else the best of Accept-Language, else English. */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  // Read from the header: an answer sent from an early hook (the CSRF guard) comes before the cookie parser runs.
  const cookie = COOKIE.exec(request.headers.cookie ?? '')?.[1]?.trim();
  const chosen = LANGUAGES.find((language) => language === cookie);
  return chosen ?? pickLanguage(acceptedLanguages(request.headers['accept-language'])) ?? 'en';
}

function isErrorBody(body: unknown): body is { error: { message: unknown; issues?: unknown } } {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { error?: unknown }).error === 'object' &&
    (body as { error: unknown }).error !== null
  );
}

/**
 * Every error answer (`{ error: { code, message, issues } }`, whoever sent it: the error handler, a guard, a route)
 * in the reader's language: its message and its issues' messages are looked up in
 * `messages/<language>.json`, and what has no translation stays English. Successful answers are not touched.
 */
export function registerErrorLanguage(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
    // The same URL answers in other words for another language or cookie.
    const vary = reply.getHeader('vary');
    const listed = typeof vary === 'string' ? vary.toLowerCase() : '';
    if (!listed.includes('accept-language')) reply.header('vary', [vary, 'Accept-Language', 'Cookie'].filter(Boolean).join(', '));
    const language = requestLanguage(request);
    if (language === 'en') return payload;
    let body: unknown;
    try {
      body = JSON.parse(payload);
    } catch {
      return payload;
    }
    if (!isErrorBody(body)) return payload;
    const { error } = body;
    if (typeof error.message === 'string') error.message = translateMessage(error.message, language) ?? error.message;
    if (Array.isArray(error.issues)) {
      for (const issue of error.issues as { message?: unknown }[]) {
        if (issue && typeof issue.message === 'string') issue.message = translateMessage(issue.message, language) ?? issue.message;
      }
    }
    return JSON.stringify(body);
  });
}
