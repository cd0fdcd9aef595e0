import { paths } from '@hearsay/contracts/paths';
import { looksRemote } from '@hearsay/contracts/remote-handle';
import type { SearchSuggestions } from '@hearsay/contracts/search';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Search as SearchIcon, X } from 'lucide-react';
import { useEffect, useRef, useState, type ClipboardEvent, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { searchSuggestionsQueryOptions } from '../../features/search/suggestions-api.ts';
import { deferred } from '../../shared/lib/deferred.tsx';
import { Button } from '../../shared/ui/button.tsx';

const SuggestionList = deferred('header-suggestions', () => import('./header-suggestions.tsx').then((module) => module.SuggestionList));

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

export interface Suggestion {
  id: string;
  href: string;
  label: string;
  detail: string;
  imageUrl: string | null;
  /** What the page opened learns besides its address. */
  state?: { findRemote: true };
}

/** The suggestions for what is typed, grouped as the list shows them, after a short pause in typing; asked only while wanted. */
function useSuggestions(text: string, wanted: boolean) {
  const { t } = useTranslation();
  const [words, setWords] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setWords(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const answer = useQuery({
    ...searchSuggestionsQueryOptions(words),
    enabled: wanted && words.length > 0,
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
  // A handle of another site (`@bob@example.com`): first, the search page asking that site for them.
  const remote = looksRemote(words)
    ? [
        {
          kind: 'remote' as const,
          items: [
            {
              id: 'remote',
              href: paths.search(words),
              label: t('nav.findRemote', { handle: words.includes('/') ? words : `@${words.replace(/^@/, '')}` }),
              detail: '',
              imageUrl: null,
              state: { findRemote: true as const },
            },
          ],
        },
      ]
    : [];
  return [...remote, ...(words && answer.data ? suggestionGroups(answer.data) : [])];
}

export interface SuggestionGroup {
  kind: 'remote' | 'albums' | 'artists' | 'people';
  items: Suggestion[];
}

function suggestionGroups(data: SearchSuggestions) {
  const groups: SuggestionGroup[] = [
    {
      kind: 'albums',
      items: data.albums.map((album) => ({
        id: `album-${album.id}`,
        href: paths.album(album.slug),
        label: album.title,
        detail: [album.artistCredit, album.releaseYear].filter(Boolean).join(' · '),
        imageUrl: album.coverUrl,
      })),
    },
    {
      kind: 'artists',
      items: data.artists.map((artist) => ({
        id: `artist-${artist.id}`,
        href: paths.artist(artist.slug),
        label: artist.name,
        detail: '',
        imageUrl: null,
      })),
    },
    {
      kind: 'people',
      items: data.users.map((user) => ({
        id: `person-${user.id}`,
        href: paths.profile(user.username),
        label: user.name,
        detail: `@${user.username}`,
        imageUrl: user.avatarUrl,
      })),
    },
  ];
  return groups.filter((group) => group.items.length > 0);
}

/**
 * The labelled search field with its icon, as the desktop box and the phone field both show it: a combobox that
 * suggests albums, artists and people as one types (ARIA's combobox with a listbox popup). Arrow keys move through the
 * suggestions, Enter opens the one chosen (without one, the form searches as before), Escape closes the list.
 */
function SearchInput({
  id,
  inputRef,
  text,
  onText,
  className,
  shortcut = false,
  onChosen,
}: {
  id: string;
  inputRef: RefObject<HTMLInputElement | null>;
  text: string;
  onText: (text: string) => void;
  className: string;
  /** Announces the `/` shortcut (the desktop box). */
  shortcut?: boolean;
  /** A suggestion was opened. */
  onChosen?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const groups = useSuggestions(text, open);
  const [active, setActive] = useState(-1);
  const options = groups.flatMap((group) => group.items);
  const showing = open && options.length > 0;
  const listId = `${id}-suggestions`;
  const optionId = (index: number) => `${id}-option-${index}`;

  // A pasted music link opens its album, ready to rate (decision 086); the code that finds it loads only on such a paste.
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const link = event.clipboardData.getData('text').trim();
    if (/^(https?|spotify):\S+$/.test(link))
      void import('../../features/links/pasted-link.ts').then((module) =>
        module.openPastedLink(link, inputRef, (href) => choose({ href } as Suggestion)),
      );
  };
  const choose = (option: Suggestion) => {
    setOpen(false);
    setActive(-1);
    onText('');
    void navigate(option.href, { state: option.state });
    onChosen?.();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((current) => (current < 0 && step < 0 ? options.length - 1 : (current + step + options.length) % options.length));
    } else if (event.key === 'Enter' && showing && active >= 0 && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === 'Escape' && showing) {
      // Only the list closes; a second Escape is the field's (the phone search closes).
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    } else if (event.key === 'Enter') {
      setOpen(false);
    }
  };

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
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showing}
        aria-controls={listId}
        aria-activedescendant={showing && active >= 0 ? optionId(active) : undefined}
        value={text}
        onChange={(event) => {
          onText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onPaste={onPaste}
        onBlur={() => setOpen(false)}
        onFocus={() => setOpen(true)}
        placeholder={t('nav.searchPlaceholder')}
        maxLength={200}
        autoComplete="off"
        enterKeyHint="search"
        aria-keyshortcuts={shortcut ? '/' : undefined}
        className={className}
      />
      {showing ? (
        <SuggestionList id={id} listId={listId} groups={groups} active={active} setActive={setActive} choose={choose} />
      ) : (
        <div id={listId} role="listbox" aria-label={t('nav.suggestions')} hidden />
      )}
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
            <SearchInput
              id="phone-search-box"
              inputRef={inputRef}
              text={text}
              onText={setText}
              className={`pr-3 ${fieldClass}`}
              onChosen={() => onOpenChange(false)}
            />
          </div>
          <Button variant="ghost" size="icon" className="size-9 shrink-0" aria-label={t('nav.closeSearch')} onClick={close}>
            <X className="size-5" />
          </Button>
        </form>
      ) : null}
    </>
  );
}
