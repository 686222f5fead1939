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

export function faq(id: number, typeId: number, question: string) {
  return { id, typeId, question, answer: `<p>Answer to question ${id}.</p>` };
}

export const allFaqs = [
  faq(1, 11, 'Can the robot be mounted on a wall or ceiling?'),
  faq(5, 12, 'How do I set the tool centre point (TCP)?'),
  faq(17, 3, 'How does collision detection work?'),
  faq(18, 3, 'How do I adjust collision sensitivity?'),
];
