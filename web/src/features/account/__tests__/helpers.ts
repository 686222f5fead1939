import { envelope } from '@/testing/fixtures';

export { envelope };

/** A failed envelope as the BFF sends it. */
export function failure(status: number, errorKey: string, extra: Record<string, unknown> = {}) {
  return { status, body: { success: false, code: status, msg: errorKey, data: null, errorKey, ...extra } };
}

export const LOGIN = { token: 'tok-new', userId: 42, userName: 'Ada Lovelace', account: 'ada@example.com', email: 'ada@example.com' };

export function body(request: { body: string | null } | undefined): unknown {
  return request?.body ? JSON.parse(request.body) : undefined;
}
