/**
 * Photos and videos of a repair report. Each file is uploaded on its own as soon as it is picked
 * (uploadRepairFile), so that the report itself only names upload ids.
 *
 * The upload does not go through `fetch`: a fetch request cannot report how much of its body has
 * been sent (streaming request bodies need HTTP/2 and still give no progress), and a video of tens
 * of megabytes needs a progress bar. It uses XMLHttpRequest with the same conventions as
 * src/lib/http.ts: the generated URL under /prod-api, the `lang` and `token` headers, the
 * envelope checked with the generated zod schema, failures as ApiError with the server's
 * errorKey. There is no 10 s time-out (the BFF allows an upload 10 minutes); the caller can abort.
 */
import { deleteRepairFile, getUploadRepairFileUrl } from '@/api/generated/endpoints/repair/repair';
import type { Attachment } from '@/api/generated/model/attachment.zod';
import { ErrorEnvelope } from '@/api/generated/model/errorEnvelope.zod';
import { UploadedFileEnvelope } from '@/api/generated/model/uploadedFileEnvelope.zod';
import { API_BASE, ApiError, CLIENT_ERROR_KEYS, ResponseShapeError } from '@/lib/http';
import { type SiteLanguage, toWireLanguage } from '@/lib/language';
import { getPageLanguage } from '@/lib/page-language';
import { getToken } from '@/lib/session';

export type { Attachment };

export interface UploadOptions {
  /** Called as the body goes out, with the share sent (0 to 1). */
  onProgress?: (sent: number) => void;
  signal?: AbortSignal;
  /** Language of the server's messages; the page's by default. */
  lang?: SiteLanguage;
}

function parse(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text);
  } catch {
    return undefined;
  }
}

function failure(status: number, body: unknown, url: string): ApiError {
  const parsed = ErrorEnvelope.safeParse(body);
  if (parsed.success) {
    const env = parsed.data;
    return new ApiError({ status, code: env.code, errorKey: env.errorKey, msg: env.msg, errors: env.errors ?? [], url });
  }
  return new ApiError({ status, errorKey: CLIENT_ERROR_KEYS.http, url });
}

/** Uploads one photo or video; resolves its attachment (id, signed preview url, type, size). */
export function uploadRepairFileWithProgress(file: File, options: UploadOptions = {}): Promise<Attachment> {
  const url = `${API_BASE}${getUploadRepairFileUrl()}`;
  return new Promise<Attachment>((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('lang', toWireLanguage(options.lang ?? getPageLanguage()));
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('token', token);

    const onAbort = () => xhr.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => options.signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => {
      done();
      const body = parse(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (!ok || (typeof body === 'object' && body !== null && (body as { success?: unknown }).success === false)) {
        reject(failure(xhr.status, body, url));
        return;
      }
      const result = UploadedFileEnvelope.safeParse(body);
      if (!result.success) {
        console.error('[api] response does not match the API contract', url, result.error.issues);
        reject(new ResponseShapeError(url, result.error.issues));
        return;
      }
      options.onProgress?.(1);
      resolve(result.data.data);
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError({ status: 0, errorKey: CLIENT_ERROR_KEYS.network, url }));
    };
    xhr.onabort = () => {
      done();
      reject(new DOMException('The upload was cancelled.', 'AbortError'));
    };

    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

/** Removes an uploaded file before the report is sent. A file the server no longer has counts as removed. */
export async function removeRepairFile(uploadId: string, lang?: SiteLanguage): Promise<void> {
  try {
    await deleteRepairFile(uploadId, lang ? { lang } : undefined);
  } catch (error: unknown) {
    if (error instanceof ApiError && error.errorKey === 'upload.not_found') return;
    throw error;
  }
}
