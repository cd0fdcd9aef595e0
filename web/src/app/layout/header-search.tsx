import { paths } from '@hearsay/contracts/paths';
import { Search as SearchIcon, X } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Button } from '../../shared/ui/button.tsx';

/** The search page's words while on it, so the header box shows what is being searched; elsewhere nothing. */
function useSearchText() {
  const location = useLocation();
  const addressQuery = location.pathname === '/search' ? (new URLSearchParams(location.search).get('q') ?? '') : '';
  const [text, setText] = useState(addressQuery);
  // The address changed (the search page's own box, back/forward, leaving the page): the header box follows.
  const [synced, setSynced] = useState(addressQuery);
  if (synced !== addressQuery) {
    setSynced(addressQuery);
    setText(addressQuery);
  }
  return [text, setText] as const;
}

/** Opens the search page for the words; already on it, only the words change (the tab and sort stay, page 1). */
function useRunSearch() {
  const location = useLocation();
  const navigate = useNavigate();
  return (text: string) => {
    const q = text.trim();
    if (location.pathname !== '/search') return void navigate(paths.search(q));
    const params = new URLSearchParams(location.search);
    if (q) params.set('q', q);
    else params.delete('q');
    params.delete('page');
    const search = params.toString();
    void navigate(search ? `/search?${search}` : '/search');
  };
}

const fieldClass =
  'h-10 w-full rounded-full border border-line bg-surface-2 pl-9 text-sm text-ink placeholder:text-ink-subtle focus:border-accent focus:bg-surface focus:outline-none focus-visible:ring-2 focus-visible:ring-accent/30 [&::-webkit-search-cancel-button]:hidden';

/** The labelled search field with its icon, as the desktop box and the phone field both show it. */
function SearchInput({
  id,
  inputRef,
  text,
  onText,
  className,
  shortcut = false,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  onText: (text: string) => void;
  className: string;
  /** Announces the `/` shortcut (the desktop box). */
  shortcut?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t('nav.searchLabel')}
      </label>
      <SearchIcon aria-hidden className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-ink-muted" />
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
        value={text}
        onChange={(event) => onText(event.target.value)}
        placeholder={t('nav.searchPlaceholder')}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts={shortcut ? '/' : undefined}
        className={className}
      />
    </>
  );
}

/** The header's search box on wider screens; `/` focuses it (see Header). */
export function SearchBox({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation();
  const [text, setText] = useSearchText();
  const runSearch = useRunSearch();
  return (
    <form
      role="search"
      aria-label={t('nav.siteSearch')}
      onSubmit={(event) => {
        event.preventDefault();
        runSearch(text);
      }}
      className="relative hidden min-w-0 max-w-sm flex-1 md:block"
    >
      <SearchInput id="header-search" inputRef={inputRef} text={text} onText={setText} className={`peer pr-9 ${fieldClass}`} shortcut />
      <kbd
        aria-hidden
        title={t('nav.searchShortcut')}
        className="pointer-events-none absolute right-3 top-1/2 -translate-y-1/2 rounded border border-line-strong px-1.5 font-sans text-xs text-ink-muted peer-focus:hidden"
      >
        /
      </kbd>
    </form>
  );
}

/**
 * On phones: a search icon that opens a full-width search field over the header. Escape or the close button shuts
 * it and gives focus back to the icon.
 */
export function PhoneSearch({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useSearchText();
  const runSearch = useRunSearch();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (open) inputRef.current?.focus();
  }, [open]);

  const close = () => {
    onOpenChange(false);
    triggerRef.current?.focus();
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    close();
  };

  return (
    <>
      <Button
        ref={triggerRef}
        variant="ghost"
        size="icon"
        className="size-9 md:hidden"
        aria-label={t('nav.openSearch')}
        aria-expanded={open}
        aria-controls={open ? 'phone-search' : undefined}
        onClick={() => onOpenChange(true)}
      >
        <SearchIcon className="size-5" />
      </Button>
      {open ? (
        <form
          id="phone-search"
          role="search"
          aria-label={t('nav.siteSearch')}
          onKeyDown={closeOnEscape}
          onSubmit={(event) => {
            event.preventDefault();
            runSearch(text);
            close();
          }}
          className="absolute inset-0 z-10 flex items-center gap-2 bg-canvas px-4 md:hidden"
        >
          <div className="relative min-w-0 flex-1">
            <SearchInput id="phone-search-box" inputRef={inputRef} text={text} onText={setText} className={`pr-3 ${fieldClass}`} />
          </div>
          <Button variant="ghost" size="icon" className="size-9 shrink-0" aria-label={t('nav.closeSearch')} onClick={close}>
            <X className="size-5" />
          </Button>
        </form>
      ) : null}
    </>
  );
}
