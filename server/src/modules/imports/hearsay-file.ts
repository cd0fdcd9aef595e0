import { EXPORT_FILES, EXPORT_FORMAT, EXPORT_VERSION, HearsayExportSchema, type HearsayExport } from '@hearsay/contracts/data-export';
import type { ErrorIssue } from '@hearsay/contracts/errors';
import { HEARSAY_JSON_MAX_BYTES } from '@hearsay/contracts/imports';
import { Unzip, UnzipInflate } from 'fflate';
import { badRequest } from '../../platform/errors.ts';
import { shorten } from '../../platform/text.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const MB = 1024 * 1024;

const notAnExport = (why: string, issues?: ErrorIssue[]) =>
  badRequest('not_hearsay_export', `This is not a Hearsay export: ${why}`, issues);

const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);

/**
 * hearsay.json out of the ZIP, inflated as a stream so that a file claiming or growing past 50 MB (a zip bomb) is
 * refused before it fills the memory: the size an entry declares is checked first, then the bytes actually inflated.
 */
function jsonFromZip(zip: Uint8Array): Uint8Array {
  const tooBig = () => notAnExport(`${EXPORT_FILES.json} inside the ZIP is larger than ${HEARSAY_JSON_MAX_BYTES / MB} MB.`);
  const chunks: Uint8Array[] = [];
  let inflated = 0;
  let found = false;
  let finished = false;
  let problem: Error | null = null;
  const unzip = new Unzip((file) => {
    const name = file.name.split('/').at(-1);
    if (found || name !== EXPORT_FILES.json || problem) return;
    found = true;
    if (file.originalSize !== undefined && file.originalSize > HEARSAY_JSON_MAX_BYTES) {
      problem = tooBig();
      return;
    }
    file.ondata = (error, chunk, final) => {
      if (problem) return;
      if (error) {
        problem = notAnExport(`the ZIP is damaged (${error.message}).`);
        return;
      }
      inflated += chunk.length;
      if (inflated > HEARSAY_JSON_MAX_BYTES) {
        problem = tooBig();
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) finished = true;
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  try {
    unzip.push(zip, true);
  } catch (error) {
    if (!problem) problem = notAnExport(`the ZIP is damaged (${(error as Error).message}).`);
  }
  if (problem) throw problem;
  if (!found) throw notAnExport(`the ZIP has no ${EXPORT_FILES.json} (a ZIP from Settings → Privacy → Download my data has one).`);
  if (!finished) throw notAnExport(`${EXPORT_FILES.json} in the ZIP is cut short.`);
  return Buffer.concat(chunks);
}

/**
 * Reads a Hearsay export ("Download my data"): the ZIP as downloaded, or its hearsay.json alone. Anything else, or
 * a format or version this site does not read, is refused with what is wrong.
 */
export function readHearsayExport(upload: Uint8Array): HearsayExport {
  const json = isZip(upload) ? jsonFromZip(upload) : upload;
  if (json.length > HEARSAY_JSON_MAX_BYTES) throw notAnExport(`${EXPORT_FILES.json} is larger than ${HEARSAY_JSON_MAX_BYTES / MB} MB.`);
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    throw notAnExport(isZip(upload) ? `${EXPORT_FILES.json} is not valid JSON.` : 'the file is neither a ZIP nor JSON.');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw notAnExport('the JSON is not an object.');
  const { format, version } = data as { format?: unknown; version?: unknown };
  // What the file says is echoed back briefly: it is anyone's text.
  const said = (value: unknown) => (value === undefined ? undefined : shorten(JSON.stringify(value), 40));
  if (format !== EXPORT_FORMAT) throw notAnExport(`"format" is ${said(format) ?? 'missing'}, not "${EXPORT_FORMAT}".`);
  if (version !== EXPORT_VERSION) {
    throw notAnExport(`version ${said(version) ?? '(missing)'} is not one this site reads (it reads version ${EXPORT_VERSION}).`);
  }
  const parsed = HearsayExportSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 20).map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
    throw notAnExport(`${issues[0]!.path || 'the file'}: ${issues[0]!.message}.`, issues);
  }
  return parsed.data;
}
