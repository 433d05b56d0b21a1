import { describe, expect, it } from 'vitest';
import { insertPhotoLine, removePhotoLine } from './photo-markdown';

const URL_A = '/uploads/aaaaaaaaaaaaaaaaaaaa/full.webp';
const URL_B = 'https://photos.example/uploads/bbbbbbbbbbbbbbbbbbbb/full.webp';

describe('insertPhotoLine', () => {
  it('puts the photo on a line of its own at the caret, and the caret after it', () => {
    expect(insertPhotoLine('', 0, URL_A)).toEqual({ text: `![Photo](${URL_A})\n`, caret: URL_A.length + 11 });
    expect(insertPhotoLine('Look at this', 12, URL_A).text).toBe(`Look at this\n![Photo](${URL_A})\n`);
    expect(insertPhotoLine('before after', 6, URL_A).text).toBe(`before\n![Photo](${URL_A})\n after`);
    expect(insertPhotoLine('one\ntwo', 4, URL_A).text).toBe(`one\n![Photo](${URL_A})\ntwo`);
    const { text, caret } = insertPhotoLine('one\n\ntwo', 4, URL_A);
    expect(text).toBe(`one\n![Photo](${URL_A})\ntwo`);
    expect(text.slice(caret)).toBe('two');
  });

  it('clamps a caret outside the text to its end', () => {
    expect(insertPhotoLine('hi', 99, URL_A).text).toBe(`hi\n![Photo](${URL_A})\n`);
  });
});

describe('removePhotoLine', () => {
  it('takes out the line it inserted, leaving the text as it was', () => {
    for (const [text, at] of [
      ['Look at this', 12],
      ['before after', 6],
      ['one\ntwo', 4],
      ['', 0],
    ] as const) {
      const inserted = insertPhotoLine(text, at, URL_A).text;
      const back = removePhotoLine(inserted, URL_A);
      expect(back.replace(/\n/g, ' ').replace(/ +/g, ' ').trim()).toBe(text.replace(/\n/g, ' ').trim());
    }
    expect(removePhotoLine(`Look\n![Photo](${URL_A})\n`, URL_A)).toBe('Look');
    expect(removePhotoLine(`one\n![Photo](${URL_A})\ntwo`, URL_A)).toBe('one\ntwo');
  });

  it('finds the photo whatever its alt text, only that photo, and an image moved into a sentence', () => {
    const text = `![A van](${URL_A})\n![Photo](${URL_B})\nend`;
    expect(removePhotoLine(text, URL_B)).toBe(`![A van](${URL_A})\nend`);
    expect(removePhotoLine(text, URL_A)).toBe(`![Photo](${URL_B})\nend`);
    expect(removePhotoLine(`see ![Photo](${URL_A}) here`, URL_A)).toBe('see  here');
    expect(removePhotoLine('nothing here', URL_A)).toBe('nothing here');
  });
});
