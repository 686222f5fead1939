/** Bodies shaped like the contract for the company pages' tests. */
export { article } from '@/testing/content';

export const milestones = Array.from({ length: 8 }, (_, i) => ({
  id: 8 - i,
  year: 2026 - i,
  title: `Milestone ${2026 - i}`,
  description: i === 0 ? 'The latest one' : null,
}));

export const offices = [
  { id: 1, name: 'Headquarters (Shanghai)', address: 'Building 33, Shanghai', phone: '+86 21 6451 2788', email: 'info@jaka.com', latitude: 31, longitude: 121 },
  { id: 2, name: 'JAKA Europe (Munich)', address: 'Landsberger Straße 302, Munich', phone: null, email: null, latitude: null, longitude: null },
];

export const notFound = { status: 404, body: { success: false, code: 404, msg: 'gone', data: null, errorKey: 'resource.not_found' } };
export const unavailable = { status: 503, body: { success: false, code: 503, msg: 'down', data: null, errorKey: 'upstream.unavailable' } };
