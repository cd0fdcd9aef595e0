import { useEffect } from 'react';
import { Toaster } from 'sonner';

/**
 * The app's toasts (at most 20 on screen), and, once the page has loaded, the installable app's part (service worker,
 * update and offline notices, install offer: decision 083), fetched then so it never delays the page. Only in a built
 * app: development and unit tests run without a service worker.
 */
export function AppToaster() {
  useEffect(() => {
    if (!import.meta.env.PROD) return;
    const start = () => void import('./installable-app/start-installable-app.ts').then((module) => module.startInstallableApp());
    if (document.readyState === 'complete') start();
    else window.addEventListener('load', start, { once: true });
  }, []);
  return (
    <Toaster
      visibleToasts={20}
      position="bottom-center"
      closeButton
      theme="system"
      toastOptions={{ classNames: { toast: '!bg-surface !text-ink !border-line', description: '!text-ink-muted' } }}
      offset={{ bottom: 80 }}
    />
  );
}
