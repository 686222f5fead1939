/**
 * The renderer's log lines name the page they are about; its query may hold a secret (the
 * mini-program's `virtual?token=…`, an editor's `previewToken`, a login's `code` and `state`), and
 * logs are kept long after a session ends. The same list as the BFF's (bff/internal/redact),
 * whose log also takes the renderer's output in development.
 */
export const SECRET_PARAMS: readonly string[] = [
  'token',
  'previewToken',
  'access_token',
  'refresh_token',
  'id_token',
  'code',
  'state',
  'ticket',
  'password',
  'secret',
  't',
];

const MASK = 'REDACTED';
const secretValue = new RegExp(`([?&;](?:${SECRET_PARAMS.join('|')})=)[^&;#\\s"'<>\\\\]*`, 'gi');

/** `path` (a request's URL: path and query) with the value of every secret parameter replaced. */
export function redactUrl(path: string): string {
  return path.replace(secretValue, `$1${MASK}`);
}
