/** Sends the browser to another site's page (a login provider). A module of its own so tests can stand in for it. */
export function leaveSite(url: string): void {
  window.location.assign(url);
}
