import { cn } from '../lib/cn.ts';

const sizes = { sm: 'size-8 text-xs', md: 'size-10 text-sm', lg: 'size-16 text-xl', xl: 'size-24 text-3xl' } as const;
/** The intrinsic size of each, in CSS pixels (a class may still resize it). */
const pixels = { sm: 32, md: 40, lg: 64, xl: 96 } as const;

function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts;
  return letters.map((part) => [...(part ?? '')][0]?.toUpperCase() ?? '').join('') || '?';
}

/** A member's picture, or their initials on a colour derived from the name. */
export function Avatar({
  name,
  src,
  size = 'md',
  className,
}: {
  name: string;
  src?: string | null;
  size?: keyof typeof sizes;
  className?: string;
}) {
  const hue = [...name].reduce((sum, char) => (sum * 31 + char.charCodeAt(0)) % 360, 7);
  if (src) {
    // Most avatars are in lists (reviews, comments, people), below the fold.
    return (
      <img
        src={src}
        alt=""
        width={pixels[size]}
        height={pixels[size]}
        loading="lazy"
        decoding="async"
        className={cn('shrink-0 rounded-full object-cover', sizes[size], className)}
      />
    );
  }
  return (
    <span
      aria-hidden
      className={cn('inline-flex shrink-0 items-center justify-center rounded-full font-semibold text-white', sizes[size], className)}
      style={{ background: `linear-gradient(135deg, hsl(${hue} 55% 42%), hsl(${(hue + 40) % 360} 60% 32%))` }}
    >
      {initialsOf(name)}
    </span>
  );
}
