/** Whether and how this browser can install the app: its own offer (kept by index.html's script), or Safari's steps. */

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

declare global {
  interface Window {
    /** The browser's offer to install the app, kept by the page's inline script (web/index.html). */
    __hearsayInstallPrompt?: InstallPromptEvent;
  }
  interface Navigator {
    /** Safari on iOS: whether the page runs as an app added to the Home Screen. */
    standalone?: boolean;
  }
}

const INSTALLABLE_EVENT = 'hearsay:installable';

export function isInstalled(): boolean {
  return window.matchMedia?.('(display-mode: standalone)').matches === true || navigator.standalone === true;
}

/** Safari on an iPhone or iPad, which installs only through Share → Add to Home Screen (other iOS browsers cannot). */
export function isIosSafari(): boolean {
  const agent = navigator.userAgent;
  const apple = /iP(hone|ad|od)/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1);
  return apple && /Safari/.test(agent) && !/CriOS|FxiOS|EdgiOS|OPiOS/.test(agent);
}

/** How the app can be installed here now: the browser's own prompt, Safari's steps, or not at all. */
export function installMethod(): 'prompt' | 'ios' | null {
  if (isInstalled()) return null;
  if (window.__hearsayInstallPrompt) return 'prompt';
  return isIosSafari() ? 'ios' : null;
}

/** Shows the browser's install prompt (once: the browser offers again later if it is declined). */
export async function promptInstall(): Promise<'accepted' | 'dismissed'> {
  const offer = window.__hearsayInstallPrompt;
  if (!offer) return 'dismissed';
  window.__hearsayInstallPrompt = undefined;
  await offer.prompt();
  const { outcome } = await offer.userChoice;
  window.dispatchEvent(new Event(INSTALLABLE_EVENT));
  return outcome;
}

/** Calls back when the app becomes installable or is installed. */
export function onInstallabilityChange(callback: () => void): () => void {
  const installed = () => {
    window.__hearsayInstallPrompt = undefined;
    callback();
  };
  window.addEventListener(INSTALLABLE_EVENT, callback);
  window.addEventListener('appinstalled', installed);
  return () => {
    window.removeEventListener(INSTALLABLE_EVENT, callback);
    window.removeEventListener('appinstalled', installed);
  };
}
