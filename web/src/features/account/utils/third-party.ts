/**
 * The pending third-party login of this tab: the provider and the `state` the BFF handed out,
 * kept in sessionStorage until the provider sends the browser back. A `state` that comes back
 * and is not the one kept here is refused, so nobody can slip their own login into this tab.
 */
import { z } from 'zod';
import { ThirdPartyProvider } from '@/api/generated/model/thirdPartyProvider.zod';

const KEY = 'jakaThirdPartyLogin';

const Pending = z.object({ provider: ThirdPartyProvider, state: z.string().min(1) });
export type PendingThirdPartyLogin = z.infer<typeof Pending>;

export function rememberThirdPartyLogin(pending: PendingThirdPartyLogin): void {
  try {
    globalThis.sessionStorage?.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Without storage the state cannot be compared later: the callback then refuses the login.
  }
}

/** The pending login, removed from storage (it is good for one answer only). */
export function takeThirdPartyLogin(): PendingThirdPartyLogin | null {
  try {
    const raw = globalThis.sessionStorage?.getItem(KEY) ?? null;
    globalThis.sessionStorage?.removeItem(KEY);
    if (!raw) return null;
    const parsed = Pending.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
