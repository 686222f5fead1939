import { mockBasePort } from './ports';

// The legacy systems in the order the BFF gives them ports (bff/internal/config.Upstreams).
const systems = ['content', 'crm', 'itr', 'vm', 'account', 'ocr'] as const;
export type System = (typeof systems)[number];

/** Base URL of the embedded mock of a legacy system, for its /__admin endpoints. */
export function mockURL(system: System): string {
  return `http://127.0.0.1:${mockBasePort + systems.indexOf(system)}`;
}
