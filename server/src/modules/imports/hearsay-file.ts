import { EXPORT_FILES, EXPORT_FORMAT, EXPORT_VERSION, HearsayExportSchema, type HearsayExport } from '@hearsay/contracts/data-export';
import type { ErrorIssue, ErrorParams } from '@hearsay/contracts/errors';
import { issueParams, type IssueDetails } from '@hearsay/contracts/issue-codes';
import { HEARSAY_JSON_MAX_BYTES } from '@hearsay/contracts/imports';
import { Unzip, UnzipInflate } from 'fflate';
import { badRequest, fieldIssue } from '../../platform/errors.ts';
import { shorten } from '../../platform/text.ts';

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const MB = 1024 * 1024;

/** What is wrong, as a variant of `not_hearsay_export` (its context) and the values its words name. */
const notAnExport = (context: string | undefined, params: ErrorParams = {}, issues?: ErrorIssue[]) =>
  badRequest('not_hearsay_export', { ...(context ? { context } : {}), ...params }, issues);
const file = EXPORT_FILES.json;

const isZip = (bytes: Uint8Array) => ZIP_MAGIC.every((byte, index) => bytes[index] === byte);

/**
 * hearsay.json out of the ZIP, inflated as a stream so that a file claiming or growing past 50 MB (a zip bomb) is
 * refused before it fills the memory: the size an entry declares is checked first, then the bytes actually inflated.
 */
function jsonFromZip(zip: Uint8Array): Uint8Array {
  const tooBig = () => notAnExport('inner_too_large', { file, megabytes: HEARSAY_JSON_MAX_BYTES / MB });
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
        problem = notAnExport('zip_damaged', { detail: error.message });
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
    if (!problem) problem = notAnExport('zip_damaged', { detail: (error as Error).message });
  }
  if (problem) throw problem;
  if (!found) throw notAnExport('no_json', { file });
  if (!finished) throw notAnExport('cut_short', { file });
  return Buffer.concat(chunks);
}

/**
 * Reads a Hearsay export ("Download my data"): the ZIP as downloaded, or its hearsay.json alone. Anything else, or
 * a format or version this site does not read, is refused with what is wrong.
 */
export function readHearsayExport(upload: Uint8Array): HearsayExport {
  const json = isZip(upload) ? jsonFromZip(upload) : upload;
  if (json.length > HEARSAY_JSON_MAX_BYTES) throw notAnExport('too_large', { file, megabytes: HEARSAY_JSON_MAX_BYTES / MB });
  let data: unknown;
  try {
    data = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    throw isZip(upload) ? notAnExport('not_json', { file }) : notAnExport('neither');
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw notAnExport('not_an_object');
  const { format, version } = data as { format?: unknown; version?: unknown };
  // What the file says is echoed back briefly: it is anyone's text.
  const said = (value: unknown) => (value === undefined ? undefined : shorten(JSON.stringify(value), 40));
  if (format !== EXPORT_FORMAT) throw notAnExport('format', { format: said(format) ?? '—' });
  if (version !== EXPORT_VERSION) {
    throw notAnExport('version', { version: said(version) ?? '—', expected: EXPORT_VERSION });
  }
  const parsed = HearsayExportSchema.safeParse(data);
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 20)
      .map((issue) => fieldIssue(issue.path.join('.'), issue.message, issueParams(issue as IssueDetails)));
    throw notAnExport(undefined, { path: issues[0]!.path || '—' }, issues);
  }
  return parsed.data;
}
