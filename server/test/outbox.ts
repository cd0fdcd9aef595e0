import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** The newest message to `to` in the development outbox (DATA_DIR/outbox, used when SMTP_URL is unset), waiting up to 5 s. */
export async function outboxMail(dataDir: string, to: string): Promise<string> {
  const outbox = join(dataDir, 'outbox');
  const suffix = `-${to.replace(/[^a-z0-9@.]/gi, '_')}.txt`;
  const deadline = Date.now() + 5000;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(outbox).filter((name) => name.endsWith(suffix));
      } catch {
        return [];
      }
    })();
    const newest = files.sort().at(-1);
    if (newest) return readFileSync(join(outbox, newest), 'utf8');
    if (Date.now() > deadline) throw new Error(`no mail for ${to} in ${outbox}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
