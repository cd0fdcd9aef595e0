import './shared/styles/index.css';
import { yieldToBrowser } from './shared/lib/yield-to-browser.ts';

/**
 * The page the server sent is painted before the app's code runs: the app (downloaded meanwhile, its modules are
 * preloaded by index.html) starts once the browser has drawn a frame, so evaluating it never holds up the first paint.
 * A page opened in the background starts at once (it draws no frames until it is shown).
 */
const start = () => void import('./app/libraries.ts').then(yieldToBrowser).then(() => import('./app/start.tsx'));
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
