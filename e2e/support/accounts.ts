import { type APIRequestContext, expect } from '@playwright/test';
import { mockURL } from './mocks';

// Accounts in journeys: the identity-service mock's admin endpoints stand in for the SMS gateway,
// the mail server and the operator (mocks/account/admin.go). Every run starts with a fresh data
// directory, and the demo accounts 13800138000 and demo@jaka.example (password Jaka@2024).

export const DEMO_PASSWORD = 'Jaka@2024';
export const DEMO_EMAIL = 'demo@jaka.example';
export const DEMO_PHONE = '13800138000';

/** A mainland mobile number nobody has registered in this run. */
export function uniquePhone(): string {
  return `139${String(Date.now()).slice(-5)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
}

/** An e-mail address nobody has registered in this run. */
export function uniqueEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
}

/** The mock's purposes (the BFF's resetPassword and logOff are reset_password and deregister there). */
export type OutboxPurpose = 'register' | 'login' | 'reset_password' | 'deregister';

/** The newest verification code sent to `to` for `purpose`, waiting for it to arrive. */
export async function readCode(request: APIRequestContext, to: string, purpose: OutboxPurpose): Promise<string> {
  const url = `${mockURL('account')}/__admin/outbox?${new URLSearchParams({ to, purpose }).toString()}`;
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(url);
        if (!response.ok()) return undefined;
        const { messages } = (await response.json()) as { messages: Array<{ code: string }> };
        code = messages[0]?.code;
        return code;
      },
      { message: `no ${purpose} code arrived for ${to}`, timeout: 10_000 },
    )
    .toBeTruthy();
  return code!;
}

/** Creates an account directly in the identity service. */
export async function createUser(
  request: APIRequestContext,
  user: { phone?: string; email?: string; password: string; name?: string },
): Promise<void> {
  const response = await request.post(`${mockURL('account')}/__admin/users`, { data: user });
  if (!response.ok()) throw new Error(`creating ${user.email ?? user.phone} failed: ${response.status()} ${await response.text()}`);
}

/** Starts a session with a known token (16+ characters) for an existing account. */
export async function startSession(request: APIRequestContext, account: string, token: string): Promise<void> {
  const response = await request.post(`${mockURL('account')}/__admin/sessions`, { data: { account, token } });
  if (!response.ok()) throw new Error(`starting a session for ${account} failed: ${response.status()} ${await response.text()}`);
}
