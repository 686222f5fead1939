/**
 * The site's one button: every button and button-like link (calls to action, form submits,
 * downloads, "more" links) is drawn by it, so all of them share one shape, one set of heights and
 * one set of colours on the design tokens. As a `<button>` ({@link Button}), as a link to a site
 * path or an external URL ({@link ButtonLink}), or as a class for another element that must look
 * like one ({@link buttonClass}, e.g. a router link or a file input's label).
 */
import type { ButtonHTMLAttributes, Ref } from 'react';
import { SmartLink, type SmartLinkProps } from './smart-link';
import styles from './button.module.css';

/**
 * - `primary`: the one action a block asks for (brand red);
 * - `secondary`: a quieter action beside it (outlined, on light or dark grounds);
 * - `dark`: a neutral solid action, e.g. a download among many (ink);
 * - `ghost`: an action that should not compete (text with a hover ground);
 * - `danger`: an action that cannot be undone (closing the account).
 */
export type ButtonVariant = 'primary' | 'secondary' | 'dark' | 'ghost' | 'danger';
/** Heights 36, 44 and 48 px; `md` is the default and the minimum touch target. */
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Takes the whole width of its container. */
  block?: boolean;
  /** On a dark ground (the footer, a picture): secondary and ghost turn light. */
  inverse?: boolean;
}

/** The class names of a button with this look, plus the caller's own. */
export function buttonClass({ variant = 'primary', size = 'md', block = false, inverse = false }: ButtonLook = {}, extra?: string): string {
  return [styles.button, styles[variant], styles[size], block ? styles.block : '', inverse ? styles.inverse : '', extra ?? '']
    .filter(Boolean)
    .join(' ');
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, ButtonLook {
  ref?: Ref<HTMLButtonElement>;
  /** Busy (a request in flight): announced, the pointer says so; clicks are the caller's to ignore. */
  busy?: boolean;
}

export function Button({ variant, size, block, inverse, busy, className, type = 'button', ...rest }: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-busy={busy || undefined}
      data-busy={busy || undefined}
      className={buttonClass({ variant, size, block, inverse }, className)}
    />
  );
}

export type ButtonLinkProps = SmartLinkProps & ButtonLook;

/** A link that looks like a button: a site path (with the page's language prefix) or an external URL. */
export function ButtonLink({ variant, size, block, inverse, className, ...rest }: ButtonLinkProps) {
  return <SmartLink {...rest} className={buttonClass({ variant, size, block, inverse }, className)} />;
}
