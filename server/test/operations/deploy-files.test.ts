/**
 * The operator's files in deploy/ are shown in docs/OPERATIONS.md as they are, so what an operator copies from the
 * page is what the several-servers test runs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SITE_CONFIG, siteConfig } from '../nginx.ts';

const read = (path: string) => readFileSync(new URL(`../../../${path}`, import.meta.url), 'utf8');
const operations = read('docs/OPERATIONS.md');

describe('deploy files and the operations guide', () => {
  it('show the nginx site and the systemd unit exactly as the files have them', () => {
    expect(operations).toContain(`\`\`\`nginx\n${readFileSync(SITE_CONFIG, 'utf8').trimEnd()}\n\`\`\``);
    expect(operations).toContain(`\`\`\`ini\n${read('deploy/systemd/hearsay@.service').trimEnd()}\n\`\`\``);
  });

  it('keep the nginx site in the shape the test rewrites (ports, certificate, name)', () => {
    const text = siteConfig({ httpsPort: 8443, httpPort: 8080, upstreams: [4001, 4002], certificate: '/tmp/c.pem', key: '/tmp/k.pem' });
    expect(text).toContain('server 127.0.0.1:4001 max_fails=1 fail_timeout=2s;');
    expect(text).toContain('listen 127.0.0.1:8443 ssl http2;');
    expect(text).not.toMatch(/example\.org|letsencrypt|:300[12]/);
    // The client's own X-Forwarded-For is replaced, never appended to.
    expect(text).toContain('proxy_set_header X-Forwarded-For $remote_addr;');
    expect(text).not.toContain('$proxy_add_x_forwarded_for');
  });

  it('a production install (npm install --omit=dev) holds what builds and runs the site, and no test or benchmark tool', () => {
    // Node 24 comes with the install; an `engines` of our own would only make Node 20's npm warn about Hearsay itself.
    expect(JSON.parse(read('package.json'))).not.toHaveProperty('engines');
    const production = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
      cwd: new URL('../../../', import.meta.url),
      encoding: 'utf8',
      env: Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('npm_'))),
    });
    const packages = new Set(production.split('\n').map((path) => path.replace(/^.*\/node_modules\//, '')));
    for (const needed of ['node', 'vite', '@vitejs/plugin-react', '@tailwindcss/vite', 'tailwindcss', 'fastify', 'react-dom']) {
      expect(packages, `${needed} is installed`).toContain(needed);
    }
    for (const tool of ['lighthouse', 'puppeteer-core', '@playwright/test', 'playwright', 'eslint']) {
      expect(packages, `${tool} is left out`).not.toContain(tool);
    }
  });
});
