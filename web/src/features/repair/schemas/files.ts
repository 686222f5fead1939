/**
 * The client's pre-check of a picked file: a quick, friendly "no" for what the server would
 * refuse anyway (a PDF, a 300 MB video), before a byte is sent. It never replaces the server's
 * check, which reads the type from the file's bytes and knows its own, configurable limits: any
 * file that passes here is still judged by the server, and its refusals are shown as they come.
 * The limits are the contract's defaults (uploadRepairFile): photos 10 MiB, videos 100 MiB.
 */
import {
  repairReportFaultAttachmentsMax,
  repairReportSoftwareVersionAttachmentsMax,
} from '@/api/generated/model/repairReport.zod';

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_VIDEO_BYTES = 100 * 1024 * 1024;
export const MAX_FAULT_FILES = repairReportFaultAttachmentsMax;
export const MAX_VERSION_FILES = repairReportSoftwareVersionAttachmentsMax;

export type MediaKind = 'image' | 'video';

const IMAGE_TYPES: Record<string, string[]> = {
  'image/jpeg': ['jpg', 'jpeg', 'jfif'],
  'image/png': ['png'],
  'image/webp': ['webp'],
};
const VIDEO_TYPES: Record<string, string[]> = {
  'video/mp4': ['mp4', 'm4v'],
  'video/quicktime': ['mov', 'qt'],
};

/** The `accept` attribute of a picker: photos only, or photos and videos. */
export function acceptOf(kinds: readonly MediaKind[]): string {
  const groups = kinds.map((kind) => (kind === 'image' ? IMAGE_TYPES : VIDEO_TYPES));
  return groups.flatMap((group) => [...Object.keys(group), ...Object.values(group).flat().map((ext) => `.${ext}`)]).join(',');
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot >= 0 ? name.slice(dot + 1).toLowerCase() : '';
}

/**
 * What a file looks like from its declared type, else its name: an image, a video, or null when
 * it is neither of the kept types. (Only a guess: the server reads the bytes.)
 */
export function mediaKindOf(file: Pick<File, 'name' | 'type'>): MediaKind | null {
  const type = file.type.toLowerCase();
  if (type in IMAGE_TYPES) return 'image';
  if (type in VIDEO_TYPES) return 'video';
  // Some systems declare nothing (or application/octet-stream): the name decides.
  if (type === '' || type === 'application/octet-stream') {
    const ext = extensionOf(file.name);
    if (Object.values(IMAGE_TYPES).some((list) => list.includes(ext))) return 'image';
    if (Object.values(VIDEO_TYPES).some((list) => list.includes(ext))) return 'video';
  }
  return null;
}

export type PrecheckProblem =
  | { reason: 'type'; kinds: readonly MediaKind[] }
  | { reason: 'size'; kind: MediaKind; limit: number };

/** Why a picked file is refused before upload, or null when it may be sent. Empty files go to the server, which says so. */
export function precheckFile(file: Pick<File, 'name' | 'type' | 'size'>, kinds: readonly MediaKind[]): PrecheckProblem | null {
  const kind = mediaKindOf(file);
  if (!kind || !kinds.includes(kind)) return { reason: 'type', kinds };
  const limit = kind === 'image' ? MAX_IMAGE_BYTES : MAX_VIDEO_BYTES;
  if (file.size > limit) return { reason: 'size', kind, limit };
  return null;
}

/** A size for people, in the page's language: 950 KB, 3.4 MB. */
export function formatBytes(bytes: number, locale: string): string {
  if (bytes <= 0) return '0 KB';
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) {
    return `${new Intl.NumberFormat(locale, { maximumFractionDigits: mb >= 10 ? 0 : 1 }).format(mb)} MB`;
  }
  return `${new Intl.NumberFormat(locale, { maximumFractionDigits: 0 }).format(Math.max(1, Math.ceil(bytes / 1024)))} KB`;
}
