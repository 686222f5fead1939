/** Contract-shaped download data for the download page's tests. */
export const tree = [
  {
    id: 1,
    name: 'Product manuals',
    parentId: null,
    children: [
      { id: 2, name: 'JAKA Zu series', parentId: 1, children: [] },
      { id: 3, name: 'JAKA Pro series', parentId: 1, children: [] },
    ],
  },
  { id: 6, name: 'CAD models', parentId: null, children: [{ id: 7, name: 'JAKA Zu series', parentId: 6, children: [] }] },
  { id: 15, name: 'Datasheets', parentId: null, children: [] },
];

export function doc(id: number, overrides: Record<string, unknown> = {}) {
  return {
    id,
    parentId: 2,
    title: `Document ${id}`,
    fileName: `Document_${id}.pdf`,
    fileType: 'pdf',
    fileSize: 19305472,
    url: `/cms-assets/files/Document_${id}.pdf`,
    previewUrl: `/cms-assets/files/Document_${id}.pdf`,
    version: 'V2.4',
    publishTime: '2026-03-10T10:00:00+08:00',
    loginRequired: false,
    ...overrides,
  };
}

export const manual = doc(5001, { title: 'JAKA Zu user manual', fileName: 'JAKA_Zu_User_Manual_V2.4.pdf' });
export const cadModel = doc(5014, {
  parentId: 7,
  title: 'JAKA Zu 7 CAD model (STEP)',
  fileName: 'JAKA_Zu_7_STEP.zip',
  fileType: 'zip',
  url: null,
  previewUrl: null,
  loginRequired: true,
});

export const manualsPage = { total: 12, rows: [manual, doc(5002, { title: 'JAKA Zu hardware installation manual' })] };
export const cadPage = { total: 1, rows: [cadModel] };
