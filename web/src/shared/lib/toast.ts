import type { toast as sonnerToast } from 'sonner';

let loaded: typeof sonnerToast | undefined;
/** Once sonner is there, calls run in the order they were made (a dismissal, then the toast that follows it). */
const sonner = () => (loaded ? Promise.resolve(loaded) : import('sonner').then((module) => (loaded = module.toast)));

/**
 * sonner's `toast` for the app shell, whose code is not in the entry bundle: the call goes through once sonner is
 * there (the Toaster asks for it as the app starts, and replays toasts made before it mounted). Screens' own code
 * imports sonner directly.
 */
export const toast = Object.assign((...args: Parameters<typeof sonnerToast>) => void sonner().then((show) => show(...args)), {
  success: (...args: Parameters<typeof sonnerToast.success>) => void sonner().then((show) => show.success(...args)),
  error: (...args: Parameters<typeof sonnerToast.error>) => void sonner().then((show) => show.error(...args)),
  dismiss: (...args: Parameters<typeof sonnerToast.dismiss>) => void sonner().then((show) => show.dismiss(...args)),
});
