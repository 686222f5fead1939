/** Bodies shaped like the contract for the service pages' tests. */
export const certificates = [
  { certificateNo: 'JK-P-2023-0001', holderName: '张伟', level: 'primary', course: 'Certified Cobot Operator (Primary)', issueDate: '2023-04-21', validUntil: '2000-01-01' },
  { certificateNo: 'JK-A-2024-0012', holderName: '张伟', level: 'advanced', course: 'Application Expert (Advanced)', issueDate: '2024-06-28', validUntil: null },
];

export const dealer = {
  companyName: 'Robotec Automation GmbH',
  region: 'Germany',
  level: 'Authorised distributor',
  certificateNo: 'JAKA-DE-2026-0001',
  validFrom: '2020-01-01',
  validUntil: '2099-12-31',
};

export const courseTypes = [
  { id: 601, name: 'Getting started' },
  { id: 602, name: 'Programming' },
];

export const course = (id: number, typeId = 601) => ({
  id,
  typeId,
  title: `Course ${id}`,
  summary: null,
  image: null,
  videoUrl: `https://academy.example/videos/${id}`,
  coursewareUrl: `/cms-assets/files/course-${id}.pdf`,
  durationMinutes: 18,
});

export const curriculums = [
  { id: 1, name: 'Operator (Primary)', level: 'primary', summary: 'Safety', durationDays: 2, image: null },
  { id: 2, name: 'Programmer (Intermediate)', level: 'intermediate', summary: null, durationDays: 1, image: null },
];

export const instructors = [{ id: 1, name: 'Wang Lei', title: 'Chief Instructor', photo: null, summary: 'Fifteen years' }];

export const column = { id: 6, geneId: 106, title: 'JAKA Academy', subhead: 'Three levels', banner: null, content: '<p>Academy intro</p>', seoTitle: null, seoDescription: null };

export const error = (status: number, errorKey: string) => ({ status, body: { success: false, code: status, msg: 'x', data: null, errorKey } });
