import { ratingLabel } from '@hearsay/contracts/ratings';
import { Star } from 'lucide-react';
import { useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';

/**
 * A 1–10 rating in half steps, drawn as five stars (each star is two points). It is one ARIA
 * slider: arrow keys move by half a point, Home/End jump to 1 and 10, Enter or a click commits;
 * hovering previews the value and its label (spec §9).
 */
export function RatingInput({
  value,
  onChange,
  disabled,
  label,
}: {
  value: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
  label: string;
}) {
  const { t } = useTranslation();
  const [preview, setPreview] = useState<number | null>(null);
  const [keyboard, setKeyboard] = useState<number | null>(null);
  const shown = keyboard ?? preview ?? value;

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    const fraction = Math.min(1, Math.max(0, (event.clientX - box.left) / box.width));
    return Math.max(1, Math.ceil(fraction * 20) / 2);
  };
  const step = (next: number) => setKeyboard(Math.min(10, Math.max(1, next)));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    setPreview(null);
    const current = keyboard ?? value ?? 0;
    if (event.key === 'ArrowRight' || event.key === 'ArrowUp') step(current + 0.5);
    else if (event.key === 'ArrowLeft' || event.key === 'ArrowDown') step((current || 1.5) - 0.5);
    else if (event.key === 'Home') step(1);
    else if (event.key === 'End') step(10);
    else if ((event.key === 'Enter' || event.key === ' ') && keyboard !== null) {
      onChange(keyboard);
      setKeyboard(null);
    } else return;
    event.preventDefault();
  };

  return (
    <div className="flex flex-wrap items-center gap-4">
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={10}
        aria-valuenow={shown ?? undefined}
        aria-valuetext={shown ? `${shown.toFixed(1)} – ${ratingLabel(shown)}` : ratingLabel(null)}
        aria-disabled={disabled}
        onKeyDown={disabled ? undefined : onKeyDown}
        onBlur={() => setKeyboard(null)}
        onPointerMove={
          disabled
            ? undefined
            : (event) => {
                setKeyboard(null);
                setPreview(fromPointer(event));
              }
        }
        onPointerLeave={() => setPreview(null)}
        onClick={disabled ? undefined : (event) => onChange(fromPointer(event as unknown as PointerEvent<HTMLDivElement>))}
        className={cn(
          'inline-flex cursor-pointer rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--focus)]',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        {Array.from({ length: 5 }, (_, index) => {
          const fill = shown === null ? 0 : Math.max(0, Math.min(1, (shown - index * 2) / 2));
          return (
            <span key={index} className="relative inline-block size-9">
              <Star className="absolute inset-0 size-9 text-line-strong" fill="currentColor" strokeWidth={0} />
              <span className="absolute inset-0 overflow-hidden" style={{ width: `${fill * 100}%` }}>
                <Star className="size-9 text-star" fill="currentColor" strokeWidth={0} />
              </span>
            </span>
          );
        })}
      </div>
      <p className="min-w-32 text-sm" aria-hidden>
        <span className="font-display text-2xl font-semibold tabular-nums text-ink">{shown ? shown.toFixed(1) : '–'}</span>{' '}
        <span className="text-ink-muted">{shown ? ratingLabel(shown) : t('rating.select')}</span>
      </p>
    </div>
  );
}
