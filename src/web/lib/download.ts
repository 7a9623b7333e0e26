/** Hands `href` (a data or blob URL) to the browser as a download named `fileName`. */
export function downloadHref(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.click();
}

/** Hands a text to the browser as a file download (nothing leaves the machine). */
export function saveTextFile(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  downloadHref(url, fileName);
  // The click has handed the blob to the download; the next task may free it.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
