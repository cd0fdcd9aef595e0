/**
 * Lists what each language lacks next to English: `npm run i18n:missing --workspace web [-- es]`.
 * With --json, prints the missing English strings as a JSON object per language, ready to translate.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { flatten, gapsOf } from '../src/shared/i18n/coverage.ts';

const root = join(import.meta.dirname, '../src/shared/i18n/locales');
const read = (language: string) =>
  Object.fromEntries(
    readdirSync(join(root, 'en'))
      .filter((file) => file.endsWith('.json'))
      .map((file) => {
        const path = join(root, language, file);
        return [file.replace(/\.json$/, ''), existsSync(path) ? JSON.parse(readFileSync(path, 'utf8')) : undefined];
      }),
  );

const args = process.argv.slice(2);
const json = args.includes('--json');
const languages = args.filter((arg) => !arg.startsWith('--'));
const english = read('en');
let total = 0;
for (const language of languages.length ? languages : ['es', 'fr', 'de', 'ja']) {
  const gaps = gapsOf(english, read(language), language);
  for (const gap of gaps) {
    total += gap.missing.length + gap.placeholders.length;
    if (json) {
      const source = flatten(english[gap.namespace]);
      const wanted = Object.fromEntries(
        gap.missing.map((key) => [key, source.get(key) ?? source.get(key.replace(/_(zero|one|two|few|many)$/, '_other'))]),
      );
      console.log(JSON.stringify({ language, namespace: gap.namespace, missing: wanted }, null, 2));
    } else {
      for (const key of gap.missing) console.log(`${language} ${gap.namespace}: missing ${key}`);
      for (const key of gap.placeholders) console.log(`${language} ${gap.namespace}: placeholders or tags differ in ${key}`);
      for (const key of gap.extra) console.log(`${language} ${gap.namespace}: not in English ${key}`);
    }
  }
}
if (!json) console.log(total ? `${total} strings to translate or fix` : 'every language has every string');
process.exitCode = total ? 1 : 0;
