/**
 * After `npm install`: says once which Node Hearsay runs on. npm runs this with the Node the install brought (the npm
 * package `node`, first on the PATH of every npm script), whatever Node runs npm itself. Plain JavaScript, so that
 * it can still say what is wrong when that Node is missing and an older one runs it.
 */
import { execFileSync } from 'node:child_process';

const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split('.')[0]);
let npmNode = '';
try {
  if (process.env.npm_node_execpath) npmNode = execFileSync(process.env.npm_node_execpath, ['--version'], { encoding: 'utf8' }).trim();
} catch {
  // not told, or not runnable: nothing to compare with
}

if (major < REQUIRED_MAJOR) {
  process.stderr.write(
    `Hearsay needs Node ${REQUIRED_MAJOR}, which npm install brings as the npm package "node", but npm scripts run on ${process.version}: ` +
      'the package did not install (its own install script must be allowed to run). Install again, or run Node 24 yourself.\n',
  );
  process.exit(1);
}

const npmOlder = npmNode && Number(npmNode.slice(1).split('.')[0]) < REQUIRED_MAJOR;
process.stdout.write(
  `Hearsay runs on Node ${process.version}, installed into node_modules by npm install; every npm command here runs on it.` +
    (npmOlder ? ` Node ${npmNode} only runs npm itself: any "unsupported engine" warning above is npm checking packages against it.` : '') +
    '\n',
);
