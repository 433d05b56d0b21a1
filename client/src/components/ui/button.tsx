import type { ButtonHTMLAttributes } from 'react';
import { cn } from '@/lib/cn';

export type ButtonVariant = 'primary' | 'accent' | 'secondary' | 'inverse' | 'ghost' | 'ghost-inverse' | 'danger' | 'link';
export type ButtonSize = 'sm' | 'md' | 'lg' | 'compact';

// A label wraps only where one line does not fit (large text on a small phone, issue 30): a button
// that kept it on one line widened its column past the screen.
const base =
  'inline-flex items-center justify-center gap-2 rounded-lg text-center font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 select-none';

const variants: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-white hover:bg-primary-hover',
  accent: 'bg-accent-400 text-on-accent hover:bg-accent-300',
  secondary: 'border-2 border-brand-800 bg-card text-brand-900 hover:bg-brand-50',
  /** Outlined, for dark backgrounds. */
  inverse: 'border-2 border-white text-white hover:bg-white/10',
  ghost: 'text-brand-900 hover:bg-brand-50',
  'ghost-inverse': 'text-white hover:bg-white/10',
  danger: 'bg-danger text-white hover:bg-danger-hover',
  link: 'text-link underline underline-offset-2 hover:no-underline',
};

const sizes: Record<ButtonSize, string> = {
  // 44 px high targets on touch screens (WCAG 2.5.5 / Apple HIG) for the default size.
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-base',
  lg: 'min-h-12 px-6 text-lg',
  /** Full-height touch target in little width: the header on a phone. */
  compact: 'min-h-11 px-2.5 text-sm sm:px-3 sm:text-base',
};

/** Classes of a button; links styled as buttons use the same. */
export function buttonClasses(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string): string {
  return cn(base, variants[variant], variant === 'link' ? 'min-h-0 px-0' : sizes[size], extra);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={buttonClasses(variant, size, className)} {...rest} />;
}
