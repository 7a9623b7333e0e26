/** Hands `href` (a data or blob URL) to the browser as a download named `fileName`. */
export function downloadHref(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
}

/** Hands a text to the browser as a file download (nothing leaves the machine). */
export function saveTextFile(fileName: string, text: string, type: string): void {
  saveBlob(fileName, new Blob([text], { type }));
}

/** Hands bytes already in the browser (a text, a fetched PDF) to it as a file download. */
export function saveBlob(fileName: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  downloadHref(url, fileName);
  // The click has handed the blob to the download; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
