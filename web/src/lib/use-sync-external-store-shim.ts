/**
 * `use-sync-external-store/shim` for a React that has the hook built in (React 18 and later):
 * libraries written for older React (react-i18next) import the shim, whose fallback code would
 * otherwise ship to every page for nothing (vite.config.ts points the import here).
 */
export { useSyncExternalStore } from 'react';
