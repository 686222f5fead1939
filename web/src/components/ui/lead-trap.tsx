import type { RefObject } from 'react';
import styles from './lead-trap.module.css';

/**
 * The trap field of a lead form (lib/lead-guard.ts): off-screen, no tab stop, hidden from
 * assistive technology and from autofill, so that only a program filling every field fills it.
 * Its name and label are what such programs look for; people never meet them.
 */
export function LeadTrap({ inputRef }: { inputRef: RefObject<HTMLInputElement | null> }) {
  return (
    <div className={styles.trap} aria-hidden="true">
      <label>
        Website
        <input ref={inputRef} type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
