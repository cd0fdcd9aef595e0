/**
 * The floor for one path of `bench/run.ts`: node:http answering every request with the bytes Hearsay answered for
 * that path (BARE_BODY, a file), with its status and content type. Request bodies are drained, unread.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const body = readFileSync(process.env.BARE_BODY!);
const headers = { 'content-type': process.env.BARE_TYPE!, 'content-length': body.length };
const status = Number(process.env.BARE_STATUS ?? 200);

createServer((request, response) => {
  request.resume();
  response.writeHead(status, headers);
  response.end(body);
}).listen(Number(process.env.BARE_PORT), '127.0.0.1');
