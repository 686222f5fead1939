/** Answers of the virtual trial's calls, shaped like the contract (openapi.yaml, tag virtual). */
export const models = [
  { robotModel: 'JAKA Zu 5', series: 'Zu', payloadKg: 5, reachMm: 954, cabinetVersions: ['CAB 3.0', 'CAB 2.1'] },
  { robotModel: 'JAKA Zu 7', series: 'Zu', payloadKg: 7, reachMm: 819, cabinetVersions: ['CAB 3.0', 'CAB 2.1'] },
  { robotModel: 'JAKA Pro 12', series: 'Pro', payloadKg: 12, reachMm: 1327, cabinetVersions: ['CAB 3.0', 'CAB 2.1 Pro'] },
  { robotModel: 'JAKA C5', series: 'C', payloadKg: 5, reachMm: 954, cabinetVersions: ['CAB Mini'] },
];

type Status = 'creating' | 'active' | 'upgrading' | 'expired';

export function trial(status: Status, overrides: Record<string, unknown> = {}) {
  const ready = status === 'active' || status === 'upgrading';
  return {
    id: 42,
    status,
    robotModel: 'JAKA Zu 5',
    cabinetVersion: 'CAB 3.0',
    trialCode: ready ? 'JK-7Q2M9X' : null,
    experienceLink: ready ? 'http://127.0.0.1:9104/console/JK-7Q2M9X' : null,
    trialPassword: ready ? 'JAKA@trial2024' : null,
    durationHours: 4,
    remainingSeconds: status === 'expired' ? 0 : status === 'creating' ? 14_400 : 12_345,
    createdAt: '2026-05-04T08:00:00Z',
    expiresAt: status === 'creating' ? null : '2026-05-04T12:00:30Z',
    notice:
      status === 'creating'
        ? 'Your virtual machine is being created. Please wait…'
        : status === 'upgrading'
          ? 'Your virtual machine is being upgraded to the chosen model. This takes a few minutes; please wait…'
          : null,
    ...overrides,
  };
}

export function failure(status: number, errorKey: string, msg = '') {
  return { status, body: { success: false, code: status, msg, errorKey } };
}

/** A stored login as the account pages leave it (spec section 3). */
export function logIn(account = '13800138000', token = 'tok-1') {
  localStorage.setItem('jakaUserId', '7');
  localStorage.setItem('jakaUserName', 'Demo');
  localStorage.setItem('jakaUserAccount', account);
  localStorage.setItem('jakaUserAccountEmail', account.includes('@') ? account : '');
  localStorage.setItem('jakaUserInfo', JSON.stringify({ token, userId: 7 }));
}
