/**
 * Lists the API's English messages each language lacks: `npm run messages:missing --workspace server [-- fr]`.
 * With --json, prints them as a JSON object per language, ready to translate into messages/<language>.json.
 */
import { existsSync, readFileSync } from 'node:fs';
import { catalogGaps, readMessageSources, type Catalog } from '../platform/http/messages/sources.ts';

const read = (language: string): Catalog => {
  const url = new URL(`../platform/http/messages/${language}.json`, import.meta.url);
  return existsSync(url) ? (JSON.parse(readFileSync(url, 'utf8')) as Catalog) : {};
};

const args = process.argv.slice(2);
const json = args.includes('--json');
const languages = args.filter((arg) => !arg.startsWith('--'));
const sources = readMessageSources();
let total = 0;
for (const language of languages.length ? languages : ['es', 'fr', 'de', 'ja']) {
  const gaps = catalogGaps(sources, read(language), language);
  total += gaps.missing.length + gaps.placeholders.length;
  if (json) {
    console.log(JSON.stringify({ language, missing: Object.fromEntries(gaps.missing.map((text) => [text, text])) }, null, 2));
    continue;
  }
  for (const text of gaps.missing) console.log(`${language}: missing ${JSON.stringify(text)} (${sources.messages.get(text)?.[0]})`);
  for (const text of gaps.placeholders) console.log(`${language}: placeholders differ in ${JSON.stringify(text)}`);
  for (const text of gaps.extra) console.log(`${language}: no longer in the code ${JSON.stringify(text)}`);
}
if (!json) {
  console.log(`${sources.messages.size} messages; ${total ? `${total} to translate or fix` : 'every language has every one'}`);
  if (args.includes('--dynamic')) for (const place of sources.dynamic) console.log(`computed, answered as it comes: ${place}`);
}
process.exitCode = total ? 1 : 0;
