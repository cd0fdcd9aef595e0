import './shared/styles/index.css';
import { yieldToBrowser } from './shared/lib/yield-to-browser.ts';

/**
 * The page the server sent is painted before the app's code runs: the app is fetched and started once the browser has
 * drawn a frame, so it never holds up the first paint (decision 032). A page opened in the background starts at once
 * (it draws no frames until it is shown). The libraries are evaluated first, in a task of their own, then the app's
 * modules: together they would hold a phone's main thread for one long task (decision 036).
 */
const start = () => void import('./app/libraries.ts').then(yieldToBrowser).then(() => import('./app/start.tsx'));
if (document.visibilityState === 'visible') requestAnimationFrame(() => setTimeout(start, 0));
else start();
