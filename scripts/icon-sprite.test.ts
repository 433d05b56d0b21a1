import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildSprite } from './icon-sprite.mjs';

// Issue 31: the client's lucide icons as one sprite named by its content.

let dir: string;
function source(files: Record<string, string>) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kerbside-icons-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the icon sprite', () => {
  it('holds each icon the code imports once, by its lucide name, and names the file by its content', () => {
    const { icons, svg, fileName } = buildSprite(
      source({
        'a.tsx': "import { Pin, Share2 } from 'lucide-react';\nimport type { LucideIcon } from 'lucide-react';",
        'deep/b.tsx': "import {\n  Pin,\n  PinIcon as Pinned,\n} from 'lucide-react';",
        'a.test.tsx': "import { Truck } from 'lucide-react';",
      }),
    );
    expect(icons).toEqual([
      { name: 'Pin', file: 'pin' },
      { name: 'PinIcon', file: 'pin' },
      { name: 'Share2', file: 'share-2' },
    ]);
    expect(svg.match(/<symbol /g)).toHaveLength(2);
    expect(svg).toContain('<symbol id="pin" viewBox="0 0 24 24"><path d="M12 17v5"/>');
    expect(svg).not.toContain('key=');
    expect(fileName).toMatch(/^assets\/icons-[\w-]{10}\.svg$/);
    expect(buildSprite(dir).fileName).toBe(fileName);
  });

  it('fails the build on a name lucide does not have', () => {
    expect(() => buildSprite(source({ 'a.tsx': "import { NoSuchIcon } from 'lucide-react';" }))).toThrow('lucide-react has no icon named NoSuchIcon');
  });
});
