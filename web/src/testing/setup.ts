import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not scroll; the router's scroll restoration and the footer call this.
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  window.localStorage.clear();
});
