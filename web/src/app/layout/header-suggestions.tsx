import { useTranslation } from 'react-i18next';
import type { Suggestion, SuggestionGroup } from './header-search.tsx';

/**
 * The header search's list of suggestions, loaded when it first has something to show (it is not part of the page's
 * first download). Choosing with the pointer keeps the focus in the field until the suggestion opens.
 */
export function SuggestionList({
  id,
  listId,
  groups,
  active,
  setActive,
  choose,
}: {
  id: string;
  listId: string;
  groups: SuggestionGroup[];
  active: number;
  setActive: (index: number) => void;
  choose: (option: Suggestion) => void;
}) {
  const { t } = useTranslation();
  const optionId = (index: number) => `${id}-option-${index}`;
  let index = -1;
  return (
    <div
      id={listId}
      role="listbox"
      aria-label={t('nav.suggestions')}
      // Choosing with the pointer keeps the focus in the field until the suggestion opens.
      onMouseDown={(event) => event.preventDefault()}
      className="absolute inset-x-0 top-full z-20 mt-2 max-h-[70vh] overflow-y-auto rounded-2xl border border-line bg-surface p-1 shadow-lg"
    >
      {groups.map((group) => (
        <div key={group.kind} role="group" aria-labelledby={`${id}-group-${group.kind}`}>
          <div
            id={`${id}-group-${group.kind}`}
            role="presentation"
            className="px-3 pb-1 pt-2 text-xs font-semibold uppercase tracking-wide text-ink-subtle"
          >
            {t(`nav.suggestionGroups.${group.kind}`)}
          </div>
          {group.items.map((option) => {
            index++;
            const position = index;
            return (
              <div
                key={option.id}
                id={optionId(position)}
                role="option"
                aria-selected={position === active}
                onClick={() => choose(option)}
                onMouseMove={() => setActive(position)}
                className="flex cursor-pointer items-center gap-3 rounded-xl px-3 py-2 text-sm aria-selected:bg-surface-2"
              >
                {option.imageUrl ? <img src={option.imageUrl} alt="" className="size-8 shrink-0 rounded object-cover" /> : null}
                <span className="min-w-0">
                  <span className="block truncate font-medium text-ink">{option.label}</span>
                  {option.detail ? <span className="block truncate text-xs text-ink-muted">{option.detail}</span> : null}
                </span>
              </div>
            );
          })}
        </div>
      ))}
    </div>
  );
}
