import { ESLint } from 'eslint';
import { join } from 'node:path';

const root = new URL('../../', import.meta.url).pathname;
let eslint: ESLint | undefined;

/** The rules ESLint breaks (severity error) in `code` as if it were the file at `file` (relative to the repository). */
export async function lintErrors(file: string, code: string): Promise<string[]> {
  eslint ??= new ESLint({ cwd: root });
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? []).filter((message) => message.severity === 2).map((message) => message.ruleId ?? message.message);
}
