/** Contract-shaped FAQ data for the FAQ pages' tests. */
export const faqTypes = [
  {
    id: 1,
    typeName: 'Installation and commissioning',
    children: [
      { id: 11, typeName: 'Mounting and wiring', children: [] },
      { id: 12, typeName: 'Setup and calibration', children: [] },
    ],
  },
  { id: 3, typeName: 'Safety and collision detection', children: [] },
];

export { allFaqs, faq } from '@/testing/content';
