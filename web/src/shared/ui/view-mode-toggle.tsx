import { LayoutGrid, List } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import { useTranslation } from 'react-i18next';

export type ViewMode = 'grid' | 'list';

export function ViewModeToggle({ value, onChange }: { value: ViewMode; onChange: (mode: ViewMode) => void }) {
  const { t } = useTranslation();
  const item =
    'inline-flex size-9 items-center justify-center rounded-full text-ink-muted hover:text-ink data-[state=on]:bg-surface data-[state=on]:text-ink data-[state=on]:shadow-sm';
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        if (next === 'grid' || next === 'list') onChange(next);
      }}
      aria-label={t('viewMode.label')}
      className="inline-flex rounded-full bg-surface-2 p-0.5"
    >
      <ToggleGroup.Item value="grid" aria-label={t('viewMode.grid')} className={item}>
        <LayoutGrid className="size-4" />
      </ToggleGroup.Item>
      <ToggleGroup.Item value="list" aria-label={t('viewMode.list')} className={item}>
        <List className="size-4" />
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
