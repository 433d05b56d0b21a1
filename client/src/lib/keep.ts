// Putting text where a member keeps it: the clipboard, or a file saved by the browser.

/** Puts `text` on the clipboard; the old execCommand way where the Clipboard API is missing (http, old WebViews). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text);
    return;
  }
  const area = document.createElement('textarea');
  area.value = text;
  area.setAttribute('readonly', '');
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  try {
    if (!document.execCommand('copy')) throw new Error('Copy command refused');
  } finally {
    area.remove();
  }
}

/** Saves a blob as a file named `filename` (a download the page starts). */
export function saveFile(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = filename;
    a.rel = 'noopener';
    a.style.display = 'none';
    document.body.append(a);
    a.click();
    a.remove();
  } finally {
    // Some browsers read the blob after click() returns: let go of it a little later.
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }
}
