import i18n from 'i18next';
import { toast } from 'sonner';
import { Workbox } from 'workbox-window';
import { RATED_EVENT } from '../../shared/lib/app-events.ts';
import { yieldToBrowser } from '../../shared/lib/yield-to-browser.ts';
import { dayOf, readOfferRecord, saveOfferRecord, shouldOffer, withVisit } from './install-offer.ts';
import { installMethod, onInstallabilityChange, promptInstall } from './installability.ts';

/**
 * The installable app's part of every page (decision 083), started once the page has loaded: registers the service
 * worker, says when a new version is ready and when the page is offline, and offers to install the app at a good
 * moment. Fetched on its own, never with the app's first code.
 */

const PAGES_THIS_VISIT = 'hearsay:pages-this-visit';
const t = (key: string) => i18n.t(`settings:app.${key}`);

export async function startInstallableApp(): Promise<void> {
  // Each step in a task of its own: together they were one long task on a phone, just after the page had started.
  registerServiceWorker();
  await yieldToBrowser();
  sayWhenOffline();
  await yieldToBrowser();
  offerInstallAtTheRightMoment();
}

function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const worker = new Workbox('/sw.js', { scope: '/' });
  let reloadWhenReady = false;
  // A new release's worker waits: the member chooses when the page moves to the new code.
  worker.addEventListener('waiting', () => {
    toast(t('updateReady'), {
      id: 'app-update',
      duration: Number.POSITIVE_INFINITY,
      action: {
        label: t('reload'),
        onClick: () => {
          reloadWhenReady = true;
          worker.messageSkipWaiting();
        },
      },
    });
  });
  worker.addEventListener('controlling', () => {
    if (reloadWhenReady) location.reload();
  });
  worker.register().catch(() => undefined);
  // An app left open for days still learns of a release: the browser looks again whenever it is shown.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void worker.update().catch(() => undefined);
  });
}

function sayWhenOffline(): void {
  const show = () => toast(t('offline'), { id: 'offline', duration: Number.POSITIVE_INFINITY });
  if (!navigator.onLine) show();
  window.addEventListener('offline', show);
  window.addEventListener('online', () => toast.dismiss('offline'));
}

function offerInstallAtTheRightMoment(): void {
  let pagesThisVisit = 1;
  try {
    pagesThisVisit = Number(sessionStorage.getItem(PAGES_THIS_VISIT) ?? 0) + 1;
    sessionStorage.setItem(PAGES_THIS_VISIT, String(pagesThisVisit));
  } catch {
    // No session storage: every page counts as the first, and only a first rating brings the offer.
  }
  const record = withVisit(readOfferRecord(localStorage), dayOf(new Date()));
  saveOfferRecord(localStorage, record);

  let offered = false;
  const consider = (firstRating: boolean) => {
    const current = readOfferRecord(localStorage);
    if (offered || installMethod() !== 'prompt' || !shouldOffer(current, { pagesThisVisit, firstRating })) return;
    offered = true;
    offerInstall();
  };
  window.addEventListener(RATED_EVENT, () => {
    const current = readOfferRecord(localStorage);
    if (current.rated) return;
    saveOfferRecord(localStorage, { ...current, rated: true });
    consider(true);
  });
  // A page moved to in the app is another page of the visit (browsers with the Navigation API say so).
  const navigation = (window as { navigation?: EventTarget }).navigation;
  navigation?.addEventListener('navigatesuccess', () => {
    pagesThisVisit += 1;
    consider(false);
  });
  onInstallabilityChange(() => consider(false));
  consider(false);
}

function offerInstall(): void {
  const answered = () => saveOfferRecord(localStorage, { ...readOfferRecord(localStorage), answered: true });
  toast(t('offerTitle'), {
    id: 'install-offer',
    description: t('offerText'),
    duration: Number.POSITIVE_INFINITY,
    action: {
      label: t('install'),
      onClick: () => {
        answered();
        void promptInstall();
      },
    },
    cancel: { label: t('notNow'), onClick: answered },
    onDismiss: answered,
  });
}
