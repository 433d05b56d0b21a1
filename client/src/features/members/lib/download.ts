import { exportMyData } from '@endpoints/members';
import { request } from '@/lib/api-client';
import { saveFile } from '@/lib/keep';

export const DEFAULT_EXPORT_NAME = 'kerbside-my-data.json';

/**
 * The file name of a Content-Disposition header: RFC 6266 `filename*=UTF-8''…` first, then
 * `filename="…"` or a bare token. Anything with a path in it is cut to its last part.
 */
export function filenameFromDisposition(header: string | null | undefined, fallback = DEFAULT_EXPORT_NAME): string {
  if (!header) return fallback;
  let name: string | undefined;
  const star = /filename\*\s*=\s*([^;]+)/i.exec(header);
  if (star) {
    const value = star[1].trim().replace(/^"(.*)"$/, '$1');
    const encoded = value.includes("''") ? value.slice(value.indexOf("''") + 2) : value;
    try {
      name = decodeURIComponent(encoded);
    } catch {
      name = undefined;
    }
  }
  if (!name) {
    const plain = /filename\s*=\s*("((?:\\.|[^"\\])*)"|[^;\s]+)/i.exec(header);
    if (plain) name = plain[2] !== undefined ? plain[2].replace(/\\(.)/g, '$1') : plain[1];
  }
  const base = name?.split(/[\\/]/).pop()?.trim();
  return base || fallback;
}

/**
 * Fetches the member's data export and saves it as a file. Fetching (rather than a plain link)
 * lets the page say when it failed instead of the browser saving an error page as the "file".
 */
export async function downloadMyData(): Promise<string> {
  const res = await request(exportMyData);
  const blob = await res.blob();
  const filename = filenameFromDisposition(res.headers.get('Content-Disposition'));
  saveFile(filename, blob);
  return filename;
}
