import { describe, expect, it } from 'vitest';
import { DEFAULT_EXPORT_NAME, filenameFromDisposition } from './download';

describe('filenameFromDisposition', () => {
  it('reads quoted, bare and RFC 5987 names', () => {
    expect(filenameFromDisposition('attachment; filename="kerbside-sam-2026-01-02.json"')).toBe('kerbside-sam-2026-01-02.json');
    expect(filenameFromDisposition('attachment; filename=data.json')).toBe('data.json');
    expect(filenameFromDisposition(`attachment; filename="x.json"; filename*=UTF-8''kerbside%20d%C3%A9j%C3%A0.json`)).toBe('kerbside déjà.json');
  });

  it('falls back for a missing or useless header, and drops paths', () => {
    expect(filenameFromDisposition(null)).toBe(DEFAULT_EXPORT_NAME);
    expect(filenameFromDisposition('attachment')).toBe(DEFAULT_EXPORT_NAME);
    expect(filenameFromDisposition('attachment; filename="../../etc/passwd"')).toBe('passwd');
  });
});
