/**
 * The session of a token handed to the site in a link (the mini-program's `wechatLogin?token=…`
 * and `virtual?token=…`), read from the server before anything is stored: validateToken names
 * the token's user, and the contract's user-info operation (findUserInfo, the token's own user
 * only) gives the name, phone and e-mail that the stored session must describe. Loaded on demand
 * by the account guards, only when a link carries a token.
 */
import { findUserInfo, validateToken } from '@/api/generated/endpoints/account/account';
import type { SiteLanguage } from '@/lib/language';
import type { LoginSession } from '@/lib/session';

/** The session the token stands for; throws (ApiError) when the server refuses the token or cannot say. */
export async function readLinkSession(token: string, lang: SiteLanguage): Promise<LoginSession> {
  // Both calls name this token in their header: the stored session, if any, is another's.
  const options = { lang, headers: { token } };
  const check = await validateToken(undefined, options);
  const userId = check.data.userId;
  if (!check.data.valid || userId === null || userId === undefined) throw new Error('the link token names no user');
  const user = (await findUserInfo(userId, options)).data;
  const account = user.phone?.trim() || user.email?.trim() || '';
  return { token, userId: user.id, userName: user.userName, account, email: user.email ?? '' };
}
