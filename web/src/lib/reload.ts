/** Reloads the document: fetches the current index.html and with it the current chunk names. */
export function reloadPage(): void {
  window.location.reload();
}
