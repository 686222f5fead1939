import type { CSSProperties } from 'react';
import styles from './skeleton.module.css';

/** A placeholder block shown while content loads; hidden from assistive technology. */
export function Skeleton({ className, style }: { className?: string; style?: CSSProperties }) {
  return <div aria-hidden="true" className={[styles.skeleton, className].filter(Boolean).join(' ')} style={style} />;
}
