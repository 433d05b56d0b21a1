// A photo in a post or comment is a markdown line `![Photo](url)` (the server shows it for this
// site's uploads only). The editors put it in and take it out with these; kept apart from the photo
// picker so a form carries only this much until someone picks a photo.

/** The markdown of one photo, as the editors insert it. */
export const photoMarkdown = (url: string, alt = 'Photo') => `![${alt}](${url})`;

/**
 * `text` with the photo's line inserted at `at` (a caret position; clamped), on a line of its own:
 * a line break is added before it unless it starts a line, and after it unless one follows. `caret`
 * is the position just after the inserted line, where typing goes on.
 */
export function insertPhotoLine(text: string, at: number, url: string): { text: string; caret: number } {
  const pos = Math.max(0, Math.min(at, text.length));
  const before = text.slice(0, pos);
  const after = text.slice(pos);
  const lead = before === '' || before.endsWith('\n') ? '' : '\n';
  const line = lead + photoMarkdown(url) + '\n';
  const rest = after.startsWith('\n') ? after.slice(1) : after;
  return { text: before + line + rest, caret: before.length + line.length };
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `text` without the photo `url`: its line (whatever alt text it was given), or the image alone when
 * the member has moved it into a sentence. Unchanged when it is no longer there.
 */
export function removePhotoLine(text: string, url: string): string {
  const image = `!\\[[^\\]\\n]*\\]\\(${escapeRegExp(url)}\\)`;
  const ownLine = new RegExp(`(^|\\n)[ \\t]*${image}[ \\t]*(?:\\n|$)`);
  const m = ownLine.exec(text);
  if (m) {
    const rest = text.slice(m.index + m[0].length);
    // The line break before it stays only when a line follows: the text ends as it did before the photo.
    return text.slice(0, m.index) + (rest ? m[1] : '') + rest;
  }
  return text.replace(new RegExp(image), '');
}
