import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ApiError } from '@/lib/http';
import { usePageLanguage } from '@/lib/use-page-language';
import { type Attachment, removeRepairFile, uploadRepairFileWithProgress } from '../api/uploads';
import { type MediaKind, mediaKindOf, precheckFile } from '../schemas/files';

/** Why a file is not (or no longer) part of the report; turned into text when shown. */
export type UploadProblem =
  | { code: 'type'; kinds: readonly MediaKind[] }
  | { code: 'size'; kind: MediaKind; limit: number }
  | { code: 'server'; errorKey: string; status: number; detail: string }
  | { code: 'network' };

export type UploadStatus = 'uploading' | 'done' | 'failed' | 'removing';

export interface UploadItem {
  /** Local key of the item (not the upload id). */
  key: string;
  name: string;
  size: number;
  kind: MediaKind | null;
  status: UploadStatus;
  /** Share of the file sent, 0 to 1. */
  progress: number;
  attachment: Attachment | null;
  problem: UploadProblem | null;
}

export interface UploadNotice {
  code: 'count';
  max: number;
  skipped: number;
}

let counter = 0;
const nextKey = () => `upload-${Date.now().toString(36)}-${(counter += 1)}`;

function problemOf(error: unknown): UploadProblem {
  if (error instanceof ApiError && error.status !== 0) {
    const detail = error.errors.find((e) => e.field === 'file')?.message ?? '';
    return { code: 'server', errorKey: error.errorKey, status: error.status, detail };
  }
  return { code: 'network' };
}

/** True when trying the same file again may work (the connection broke, the server was busy). */
export function isRetryable(problem: UploadProblem | null): boolean {
  if (!problem) return false;
  if (problem.code === 'network') return true;
  return problem.code === 'server' && (problem.errorKey === 'upload.interrupted' || problem.status >= 500 || problem.status === 429);
}

/**
 * The photos and videos of one file list of the form. Each picked file is pre-checked (type and
 * size), then uploaded at once with its progress; what the server refuses stays in the list with
 * the reason until the visitor dismisses it. `max` counts the files that are (being) uploaded.
 */
export function useUploads({ max, kinds }: { max: number; kinds: readonly MediaKind[] }) {
  const lang = usePageLanguage();
  const [items, setItems] = useState<UploadItem[]>([]);
  const [notice, setNotice] = useState<UploadNotice | null>(null);
  const files = useRef(new Map<string, File>());
  const controllers = useRef(new Map<string, AbortController>());
  const itemsRef = useRef(items);
  itemsRef.current = items;

  const update = useCallback((key: string, change: Partial<UploadItem>) => {
    setItems((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  const start = useCallback(
    (key: string, file: File) => {
      const controller = new AbortController();
      controllers.current.set(key, controller);
      update(key, { status: 'uploading', progress: 0, problem: null });
      uploadRepairFileWithProgress(file, {
        lang,
        signal: controller.signal,
        onProgress: (progress) => update(key, { progress }),
      }).then(
        (attachment) => update(key, { status: 'done', progress: 1, attachment }),
        (error: unknown) => {
          if (error instanceof DOMException && error.name === 'AbortError') return;
          update(key, { status: 'failed', problem: problemOf(error) });
        },
      ).finally(() => {
        if (controllers.current.get(key) === controller) controllers.current.delete(key);
      });
    },
    [update, lang],
  );

  /** Adds picked or dropped files: each is checked, then uploaded. */
  const add = useCallback(
    (picked: Iterable<File>) => {
      const active = itemsRef.current.filter((item) => item.status !== 'failed').length;
      let room = Math.max(0, max - active);
      let skipped = 0;
      const added: UploadItem[] = [];
      const toStart: Array<[string, File]> = [];
      for (const file of picked) {
        const base = { key: nextKey(), name: file.name, size: file.size, kind: mediaKindOf(file), progress: 0, attachment: null };
        const problem = precheckFile(file, kinds);
        if (problem) {
          added.push({ ...base, status: 'failed', problem: problem.reason === 'type' ? { code: 'type', kinds } : { code: 'size', kind: problem.kind, limit: problem.limit } });
          continue;
        }
        if (room === 0) {
          skipped += 1;
          continue;
        }
        room -= 1;
        files.current.set(base.key, file);
        added.push({ ...base, status: 'uploading', problem: null });
        toStart.push([base.key, file]);
      }
      setNotice(skipped > 0 ? { code: 'count', max, skipped } : null);
      if (added.length === 0) return;
      setItems((list) => [...list, ...added]);
      for (const [key, file] of toStart) start(key, file);
    },
    [kinds, max, start],
  );

  /** Uploads a failed file again. */
  const retry = useCallback(
    (key: string) => {
      const file = files.current.get(key);
      if (file) start(key, file);
    },
    [start],
  );

  /**
   * Takes a file out of the list: an upload under way is cancelled, an uploaded file is deleted
   * on the server first (resolves false, and keeps it, when that fails).
   */
  const remove = useCallback(
    async (key: string): Promise<boolean> => {
      const item = itemsRef.current.find((i) => i.key === key);
      if (!item) return true;
      const drop = () => {
        files.current.delete(key);
        setItems((list) => list.filter((i) => i.key !== key));
      };
      if (item.status === 'uploading') {
        controllers.current.get(key)?.abort();
        drop();
        return true;
      }
      if (item.status !== 'done' || !item.attachment) {
        drop();
        return true;
      }
      update(key, { status: 'removing' });
      try {
        await removeRepairFile(item.attachment.id, lang);
        drop();
        return true;
      } catch {
        update(key, { status: 'done' });
        return false;
      }
    },
    [update, lang],
  );

  /** Marks the n-th sent file as refused by the report's server check (e.g. `faultAttachments/1`). */
  const reject = useCallback((index: number, problem: UploadProblem) => {
    setItems((list) => {
      const sent = list.filter((i) => i.status === 'done' && i.attachment);
      const target = sent[index];
      return target ? list.map((i) => (i.key === target.key ? { ...i, status: 'failed', problem } : i)) : list;
    });
  }, []);

  /** Forgets every file (after the report was sent: the files now belong to it). */
  const clear = useCallback(() => {
    for (const controller of controllers.current.values()) controller.abort();
    controllers.current.clear();
    files.current.clear();
    setItems([]);
    setNotice(null);
  }, []);

  // Leaving the page cancels uploads under way (files already uploaded are removed by the
  // work-order system after a day when no report names them).
  useEffect(() => {
    const current = controllers.current;
    return () => {
      for (const controller of current.values()) controller.abort();
    };
  }, []);

  const ids = useMemo(() => items.filter((i) => i.status === 'done' && i.attachment).map((i) => (i.attachment as Attachment).id), [items]);
  const busy = items.some((i) => i.status === 'uploading' || i.status === 'removing');
  const active = items.filter((i) => i.status !== 'failed').length;

  return { items, notice, ids, busy, full: active >= max, max, kinds, add, retry, remove, reject, clear, dismissNotice: () => setNotice(null) };
}

export type Uploads = ReturnType<typeof useUploads>;
