import type { Theme } from '@hearsay/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../shared/auth/session.ts';
import { chooseLanguage, LANGUAGE_NAMES, type Language } from '../../shared/i18n/index.ts';
import { toast } from '../../shared/lib/toast.ts';
import { memberSettingsQueryOptions, useSaveSettings } from './member-settings.ts';

// The member's theme and language, kept by the app layout on every page (the Appearance tab has the controls).

/** Marks the page with a theme; "system" leaves it to the device (the stylesheet reads `data-theme`). */
export function applyTheme(theme: Theme): void {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

/**
 * Keeps the page in the signed-in person's theme. The server marks the page before it paints; this follows a change
 * made in another tab or a sign-in that did not reload the page, and goes back to the device's choice on sign-out.
 */
function useMemberTheme(): void {
  const session = useSession();
  const settings = useQuery({ ...memberSettingsQueryOptions, enabled: session.status === 'signed-in' });
  const theme = session.status === 'signed-in' ? settings.data?.appearance.theme : 'system';
  useEffect(() => {
    if (theme) applyTheme(theme);
  }, [theme]);
}

/**
 * Keeps the app in the signed-in person's language and their account in step with the app: a saved choice wins when
 * the settings arrive; a language picked anywhere (the footer, this tab) is saved; an account that never chose
 * takes the language the browser asked for, so e-mails to it are written in it too.
 */
function useMemberLanguage(): void {
  const session = useSession();
  const { i18n } = useTranslation();
  const settings = useQuery({ ...memberSettingsQueryOptions, enabled: session.status === 'signed-in' });
  const { save } = useSaveSettings({ quiet: true });
  const saved = session.status === 'signed-in' ? settings.data?.appearance.language : undefined;
  const current = i18n.language as Language;
  useEffect(() => {
    if (saved === undefined) return;
    if (saved === null) void save({ appearance: { language: current } });
    // Not found now, the strings are asked for again by the next page load; the app stays in the language it is in.
    else if (saved !== current) chooseLanguage(saved).catch(() => undefined);
    // Only when the saved choice arrives or changes: a change of the app's language is saved where it is made.
  }, [saved]); // eslint-disable-line react-hooks/exhaustive-deps
}

/**
 * Keeps the page in the member's theme and language. A component of its own, rendering nothing, so that their
 * settings arriving re-render only it: React renders an update from a query at once, in one piece, and were the
 * layout to hold these hooks, the settings answering as the page starts would render the whole page again.
 */
export function MemberAppearance(): null {
  useMemberTheme();
  useMemberLanguage();
  return null;
}

/**
 * Picks a language: in the app and this browser, and on the account when signed in. The other language's strings may
 * take a moment to arrive; `shown` is the pick meanwhile, so the control shows the click at once. "Saved" is said once
 * the app is in the new language, in it: said at once, it would be in the language being left.
 */
export function usePickLanguage(): { shown: Language; pick: (language: Language) => void } {
  const session = useSession();
  const { t, i18n } = useTranslation();
  const { save } = useSaveSettings();
  // The pick is shown until the app's language moves (to it, or anywhere else).
  const [picked, setPicked] = useState<{ language: Language; while: string } | null>(null);
  return {
    shown: picked && picked.while === i18n.language ? picked.language : (i18n.language as Language),
    pick: (language) => {
      setPicked({ language, while: i18n.language });
      const switched = chooseLanguage(language).then(
        () => {
          // What was said in the language left behind is not left beside what is said in the new one.
          toast.dismiss();
          return true;
        },
        () => {
          setPicked(null);
          toast.error(t('errors.languageUnavailable', { language: LANGUAGE_NAMES[language] }));
          return false;
        },
      );
      if (session.status !== 'signed-in') return;
      const saved = save({ appearance: { language } }, { quiet: true });
      void Promise.all([saved, switched]).then(([wasSaved, isSwitched]) => {
        if (wasSaved && isSwitched) toast.success(i18n.t('settings:changeSaved', { lng: language }));
      });
    },
  };
}
