import { describe, expect, it } from 'vitest';
import { visitorToday } from '@/lib/format-date';
import { MAX_IMAGE_BYTES, MAX_VIDEO_BYTES, acceptOf, formatBytes, mediaKindOf, precheckFile } from '../schemas/files';
import {
  consultationBody,
  consultationDefaults,
  consultationFormSchema,
  repairDefaults,
  repairFormSchema,
  repairReportBody,
} from '../schemas/repair-form';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('the pre-check of a picked file', () => {
  it('takes photos and videos by their declared type, else by their name', () => {
    expect(mediaKindOf(file('a.jpg', 'image/jpeg'))).toBe('image');
    expect(mediaKindOf(file('clip.mov', 'video/quicktime'))).toBe('video');
    expect(mediaKindOf(file('IMG_0001.PNG', ''))).toBe('image');
    expect(mediaKindOf(file('clip.mp4', 'application/octet-stream'))).toBe('video');
    expect(mediaKindOf(file('photo.heic', 'image/heic'))).toBeNull();
    expect(mediaKindOf(file('manual.pdf', 'application/pdf'))).toBeNull();
    // Declared as text: the name does not overrule what the system says.
    expect(mediaKindOf(file('notes.jpg', 'text/plain'))).toBeNull();
  });

  it('refuses other types and files over 10 MiB (photos) or 100 MiB (videos), and leaves empty files to the server', () => {
    expect(precheckFile(file('manual.pdf', 'application/pdf'), ['image', 'video'])).toEqual({ reason: 'type', kinds: ['image', 'video'] });
    expect(precheckFile(file('clip.mp4', 'video/mp4'), ['image'])).toEqual({ reason: 'type', kinds: ['image'] });
    expect(precheckFile(file('big.jpg', 'image/jpeg', MAX_IMAGE_BYTES + 1), ['image'])).toEqual({ reason: 'size', kind: 'image', limit: MAX_IMAGE_BYTES });
    expect(precheckFile(file('big.mp4', 'video/mp4', MAX_VIDEO_BYTES + 1), ['image', 'video'])).toEqual({ reason: 'size', kind: 'video', limit: MAX_VIDEO_BYTES });
    expect(precheckFile(file('ok.mp4', 'video/mp4', MAX_IMAGE_BYTES * 5), ['image', 'video'])).toBeNull();
    expect(precheckFile(file('empty.jpg', 'image/jpeg', 0), ['image'])).toBeNull();
  });

  it('offers the kept types to the picker and writes sizes for people', () => {
    expect(acceptOf(['image'])).toBe('image/jpeg,image/png,image/webp,.jpg,.jpeg,.jfif,.png,.webp');
    expect(acceptOf(['image', 'video'])).toContain('video/quicktime');
    expect(formatBytes(10 * 1024 * 1024, 'en')).toBe('10 MB');
    expect(formatBytes(256 * 1024, 'en')).toBe('256 KB');
    expect(formatBytes(3.45 * 1024 * 1024, 'de')).toBe('3,5 MB');
  });
});

const validRepair = {
  ...repairDefaults(),
  robotCode: ' JAKA-ZU7-2403-001234 ',
  cabinetCode: 'JAKA-CAB3-2403-005678',
  issueDate: '2026-01-05',
  firstUse: 'no' as const,
  faultDescription: ' Alarm 1104 ',
  controllerVersion: 'V2.1.7',
  companyName: 'JAKA Demo GmbH',
  companyAddress: 'Frankfurt',
  reporterName: 'Anna',
  phone: '+49 69 1234567',
  email: 'anna@example.de',
};

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]));

describe('the repair form rules (spec section 5)', () => {
  it('asks for every required field with its own message', () => {
    const messages = messagesOf(repairFormSchema.safeParse(repairDefaults()));
    expect(messages).toEqual({
      robotCode: 'messages:repair.required.robotCode',
      cabinetCode: 'messages:repair.required.cabinetCode',
      issueDate: 'messages:repair.required.issueDate',
      firstUse: 'messages:repair.required.firstUse',
      faultDescription: 'messages:repair.required.faultDescription',
      companyName: 'messages:repair.required.companyName',
      companyAddress: 'messages:repair.required.companyAddress',
      reporterName: 'messages:repair.required.reporterName',
      phone: 'messages:repair.required.phone',
      email: 'messages:repair.required.email',
    });
  });

  it('checks the phone and e-mail formats, the lengths, and a fault date not after today', () => {
    const tomorrow = new Date(Date.now() + 36 * 3600 * 1000);
    const messages = messagesOf(
      repairFormSchema.safeParse({ ...validRepair, phone: '12', email: 'anna@example', issueDate: visitorToday(tomorrow), robotCode: 'X'.repeat(65) }),
    );
    expect(messages).toEqual({
      phone: 'messages.phoneInvalid',
      email: 'messages:account.invalid_email',
      issueDate: 'messages:repair.field.future_date',
      robotCode: 'messages.tooLong',
    });
    expect(repairFormSchema.safeParse({ ...validRepair, issueDate: visitorToday() }).success).toBe(true);
  });

  it('builds the report: trimmed, first use as a boolean, blank versions and empty file lists left out', () => {
    const body = repairReportBody(repairFormSchema.parse(validRepair), { fault: ['att_1', 'att_2'], softwareVersion: [] });
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      variant: 'repair',
      robotCode: 'JAKA-ZU7-2403-001234',
      cabinetCode: 'JAKA-CAB3-2403-005678',
      issueDate: '2026-01-05',
      faultDescription: 'Alarm 1104',
      faultAttachments: ['att_1', 'att_2'],
      controllerVersion: 'V2.1.7',
      firstUse: false,
      companyName: 'JAKA Demo GmbH',
      companyAddress: 'Frankfurt',
      reporterName: 'Anna',
      phone: '+49 69 1234567',
      email: 'anna@example.de',
    });
  });
});

describe('the consultation rules', () => {
  it('requires the problem description, the issue and the contact', () => {
    const messages = messagesOf(consultationFormSchema.safeParse(consultationDefaults({ email: 'a@b.cn' })));
    expect(messages).toEqual({
      reporterName: 'messages:repair.required.reporterName',
      phone: 'messages:repair.required.phone',
      issueInformation: 'messages:repair.required.issueInformation',
      problemDescription: 'messages:repair.required.problemDescription',
    });
  });

  it('sends only the consultation fields, with its photos as faultAttachments', () => {
    const body = consultationBody(
      { reporterName: 'Li', phone: '13800138000', email: 'li@example.cn', issueInformation: 'Zu 7 vision', problemDescription: 'Which camera?' },
      ['att_9'],
    );
    expect(JSON.parse(JSON.stringify(body))).toEqual({
      variant: 'consultation',
      issueInformation: 'Zu 7 vision',
      problemDescription: 'Which camera?',
      faultAttachments: ['att_9'],
      reporterName: 'Li',
      phone: '13800138000',
      email: 'li@example.cn',
    });
  });
});
