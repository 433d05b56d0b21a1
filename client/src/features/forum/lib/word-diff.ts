// What changed between two versions of a post or comment (issue 28, the edit history), word by word, as
// Discourse's history shows it. Plain strings in, plain strings out: the dialog renders them as text.

export type DiffPart = { op: 'same' | 'ins' | 'del'; text: string };

/** Words and the white space between them, each a token, so the pieces join back into the texts exactly. */
const tokens = (text: string): string[] => text.match(/\s+|[^\s]+/g) ?? [];

/**
 * Beyond this many cells the middle of two very different long texts is shown as removed, then added,
 * rather than spending the phone's time on the longest common run of words.
 */
const MAX_CELLS = 400_000;

/** Adjacent parts of the same kind as one. */
function push(out: DiffPart[], op: DiffPart['op'], text: string) {
  if (!text) return;
  const last = out[out.length - 1];
  if (last && last.op === op) last.text += text;
  else out.push({ op, text });
}

/**
 * The word diff that turns `before` into `after`: unchanged runs, deletions and insertions, in order.
 * The common start and end are cut first (an edit usually touches a few words), then the longest
 * common subsequence of the tokens in between.
 */
export function wordDiff(before: string, after: string): DiffPart[] {
  const a = tokens(before);
  const b = tokens(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const out: DiffPart[] = [];
  push(out, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  const n = midA.length;
  const m = midB.length;
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > MAX_CELLS) {
    push(out, 'del', midA.join(''));
    push(out, 'ins', midB.join(''));
  } else {
    // lcs[i * (m + 1) + j]: the longest common run of midA[i..] and midB[j..].
    const lcs = new Uint32Array((n + 1) * (m + 1));
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * (m + 1) + j] = midA[i] === midB[j] ? lcs[(i + 1) * (m + 1) + j + 1] + 1 : Math.max(lcs[(i + 1) * (m + 1) + j], lcs[i * (m + 1) + j + 1]);
      }
    }
    let i = 0;
    let j = 0;
    while (i < n && j < m) {
      if (midA[i] === midB[j]) {
        push(out, 'same', midA[i]);
        i++;
        j++;
      } else if (lcs[(i + 1) * (m + 1) + j] >= lcs[i * (m + 1) + j + 1]) {
        push(out, 'del', midA[i++]);
      } else {
        push(out, 'ins', midB[j++]);
      }
    }
    while (i < n) push(out, 'del', midA[i++]);
    while (j < m) push(out, 'ins', midB[j++]);
  }
  push(out, 'same', a.slice(endA).join(''));
  return out;
}

/** Whether two versions' texts differ at all. */
export const changed = (parts: readonly DiffPart[]) => parts.some((p) => p.op !== 'same');
