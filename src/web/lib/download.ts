/** Saves text as a file the browser downloads (an export made from what the user may already read). */
export function downloadText(fileName: string, text: string, type: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: `${type};charset=utf-8` }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled, so the download has the data.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
