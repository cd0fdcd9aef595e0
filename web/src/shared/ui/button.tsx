import { cva, type VariantProps } from 'class-variance-authority';
import { Slot } from 'radix-ui';
import type { ComponentProps, ReactNode } from 'react';
import { cn } from '../lib/cn.ts';

export const buttonVariants = cva(
  'inline-flex items-center justify-center gap-2 whitespace-nowrap rounded-full font-medium transition-colors disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4 [&_svg]:shrink-0',
  {
    variants: {
      variant: {
        primary: 'bg-accent text-accent-ink hover:bg-accent-hover shadow-sm',
        secondary: 'bg-surface-2 text-ink hover:bg-surface-3',
        outline: 'border border-line-strong bg-transparent text-ink hover:bg-surface-2',
        ghost: 'bg-transparent text-ink hover:bg-surface-2',
        danger: 'bg-danger text-white hover:opacity-90',
        link: 'bg-transparent text-accent underline-offset-4 hover:underline rounded-none px-0',
      },
      size: {
        sm: 'h-8 px-3 text-sm',
        md: 'h-10 px-4 text-sm',
        lg: 'h-12 px-6 text-base',
        icon: 'size-10 p-0',
        'icon-sm': 'size-8 p-0',
      },
    },
    defaultVariants: { variant: 'primary', size: 'md' },
  },
);

export type ButtonProps = ComponentProps<'button'> & VariantProps<typeof buttonVariants> & { asChild?: boolean };

/** The one button. `asChild` renders a link (or anything) with button styling. */
export function Button({ className, variant, size, asChild = false, type, ...props }: ButtonProps) {
  const Component = asChild ? Slot.Root : 'button';
  return (
    <Component className={cn(buttonVariants({ variant, size }), className)} {...(asChild ? {} : { type: type ?? 'button' })} {...props} />
  );
}

/** A form's submit button: while the form is sending it says so and cannot be pressed again. */
export function SubmitButton({
  pending,
  pendingLabel,
  disabled,
  children,
  ...props
}: Omit<ButtonProps, 'type' | 'asChild'> & { pending: boolean; pendingLabel: ReactNode }) {
  return (
    <Button type="submit" disabled={pending || disabled} {...props}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

/** The buttons that end a form or a dialog: Cancel (which never submits), then the form's own action. */
export function FormButtons({ cancelLabel, onCancel, children }: { cancelLabel: ReactNode; onCancel: () => void; children: ReactNode }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="ghost" onClick={onCancel}>
        {cancelLabel}
      </Button>
      {children}
    </div>
  );
}
