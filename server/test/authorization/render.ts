/** Writes the authorization matrix into docs/SECURITY.md, between its markers (npm run docs:authorization). */
import { readFileSync, writeFileSync } from 'node:fs';
import { MATRIX_END, MATRIX_START, renderMatrix } from './matrix.ts';

const file = new URL('../../../docs/SECURITY.md', import.meta.url);
const doc = readFileSync(file, 'utf8');
const start = doc.indexOf(MATRIX_START);
const end = doc.indexOf(MATRIX_END);
if (start < 0 || end < start) throw new Error(`docs/SECURITY.md needs the markers ${MATRIX_START} and ${MATRIX_END}`);
writeFileSync(file, `${doc.slice(0, start + MATRIX_START.length)}\n\n${renderMatrix()}\n\n${doc.slice(end)}`);
console.log('docs/SECURITY.md: authorization matrix written');
