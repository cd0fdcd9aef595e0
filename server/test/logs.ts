import { Writable } from 'node:stream';

/** What a test app logs, kept line by line for the test to read: pass `logger(level)` to `createTestApp`. */
export function capturedLogs() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { lines, logger: (level: string) => ({ level, stream }) };
}
