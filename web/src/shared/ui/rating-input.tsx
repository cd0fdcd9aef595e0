import { useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../lib/cn.ts';
import { formatRating } from '../i18n/index.ts';
import { useRatingWord } from '../i18n/catalog-words.ts';
import { StarRow } from './rating-stars.tsx';
import { useEarlyClick } from '../lib/early-clicks.ts';

/** A short pulse as a finger's drag crosses a half step, where the phone can and the person has not asked for less motion. */
function pulse() {
  if (typeof navigator.vibrate !== 'function' || matchMedia('(prefers-reduced-motion: reduce)').matches) return;
  navigator.vibrate(8);
}

/** The rating a click or a lifted finger gives, by where across the stars it lands (web/index.html's script too). */
const ratingAt = (fraction: number) => Math.max(1, Math.ceil(Math.min(1, Math.max(0, fraction)) * 20) / 2);

/**
 * A 1–10 rating in half steps, drawn as a row of five stars (each star is two points). It is one ARIA
 * slider: arrow keys move by half a point, Home/End jump to 1 and 10, Enter or a click commits;
 * hovering previews the value and its label (spec §9). On a touchscreen (coarse pointer) the stars grow to 48 px, so
 * each half step is a 24 px target. The value and its label are printed once, beside the stars; screen readers hear
 * them from the slider itself. With `keepsEarlyClicks`, a click before the app has taken a server-rendered page over is
 * kept by the page and applied once it has (`useEarlyClick`), the stars showing it meanwhile.
 */
export function RatingInput({
  value,
  onChange,
  disabled,
  label,
  keepsEarlyClicks,
}: {
  value: number | null;
  onChange: (value: number) => void;
  disabled?: boolean;
  label: string;
  /** A name for this control on its page, under which an early click is kept. */
  keepsEarlyClicks?: string;
}) {
  const { t } = useTranslation();
  const ratingWord = useRatingWord();
  const [preview, setPreview] = useState<number | null>(null);
  const [keyboard, setKeyboard] = useState<number | null>(null);
  const shown = keyboard ?? preview ?? value;
  // A finger drags along the stars like a slider thumb and rates where it lifts; the click that follows is not a second rating.
  const touchCommitted = useRef(false);

  useEarlyClick(keepsEarlyClicks, (click) => onChange(ratingAt(click.fraction)));

  const fromPointer = (event: PointerEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return ratingAt((event.clientX - box.left) / box.width);
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
        aria-valuetext={shown ? `${formatRating(shown)} – ${ratingWord(shown)}` : t('rating.select')}
        aria-disabled={disabled}
        data-early-click={keepsEarlyClicks}
        onKeyDown={disabled ? undefined : onKeyDown}
        onBlur={() => setKeyboard(null)}
        onPointerMove={
          disabled
            ? undefined
            : (event) => {
                setKeyboard(null);
                const next = fromPointer(event);
                // Only a finger's drag (pressed, not a hovering pen or mouse) is felt.
                if (event.pointerType !== 'mouse' && event.buttons > 0 && preview !== null && next !== preview) pulse();
                setPreview(next);
              }
        }
        onPointerLeave={() => setPreview(null)}
        onPointerDown={
          disabled
            ? undefined
            : (event) => {
                touchCommitted.current = false;
                if (event.pointerType === 'mouse') return;
                event.currentTarget.setPointerCapture?.(event.pointerId);
                setPreview(fromPointer(event));
              }
        }
        onPointerUp={
          disabled
            ? undefined
            : (event) => {
                if (event.pointerType === 'mouse') return;
                touchCommitted.current = true;
                setPreview(null);
                onChange(fromPointer(event));
              }
        }
        onClick={
          disabled
            ? undefined
            : (event) => {
                if (touchCommitted.current) touchCommitted.current = false;
                else onChange(fromPointer(event as unknown as PointerEvent<HTMLDivElement>));
              }
        }
        className={cn(
          'inline-flex cursor-pointer touch-pan-y rounded-lg p-1 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-[var(--focus)]',
          disabled && 'cursor-not-allowed opacity-60',
        )}
      >
        <StarRow value={shown} aria-hidden className="block h-9 w-45 pointer-coarse:h-12 pointer-coarse:w-60" />
      </div>
      <p className="min-w-32 text-sm font-medium tabular-nums text-ink" aria-hidden>
        {shown ? `${formatRating(shown)} – ${ratingWord(shown)}` : t('rating.select')}
      </p>
    </div>
  );
}
