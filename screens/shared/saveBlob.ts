/** Hands bytes to the browser as a download named `name`, through a temporary object URL. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has handed the blob to the browser's download; the address may go a while later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
