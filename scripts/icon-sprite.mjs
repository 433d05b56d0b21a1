// Issue 31, ADR 0018: the client's lucide icons as one SVG sprite, a file of the build named by its
// content (cached for good), and `lucide-react` in client code resolved to a module whose icons
// reference it (client/src/components/ui/sprite-icon.tsx) instead of drawing their paths each time.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const LUCIDE = path.resolve(import.meta.dirname, '../node_modules/lucide-react/dist/esm');
const VIRTUAL = '\0kerbside:icon-sprite';

/** Every name the client's code imports from lucide-react, types left out. */
function importedNames(srcDir) {
  const names = new Set();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.(tsx?|jsx?)$/.test(entry.name) && !/\.test\./.test(entry.name)) {
        for (const m of fs.readFileSync(file, 'utf8').matchAll(/import\s*(type\s*)?\{([^}]*)\}\s*from\s*'lucide-react'/g)) {
          if (m[1]) continue;
          for (const part of m[2].split(',')) {
            const name = part.trim();
            if (name && !name.startsWith('type ')) names.add(name.split(/\s+as\s+/)[0]);
          }
        }
      }
    }
  };
  walk(srcDir);
  return [...names].sort();
}

/** Export name → icon file (lucide-react's index: `export { default as Pin, … } from './icons/pin.mjs'`). */
function iconFiles() {
  const files = new Map();
  const index = fs.readFileSync(path.join(LUCIDE, 'lucide-react.mjs'), 'utf8');
  for (const m of index.matchAll(/export \{([^}]*)\} from '\.\/icons\/([\w-]+)\.mjs'/g)) {
    for (const part of m[1].split(',')) files.set(part.trim().replace(/^default as /, ''), m[2]);
  }
  return files;
}

/** An icon's shapes, as lucide lists them (`node: [["path", { d: …, key: … }], …]`). */
function iconNode(file) {
  const source = fs.readFileSync(path.join(LUCIDE, 'icons', `${file}.mjs`), 'utf8');
  const literal = /const __iconData = (\{[\s\S]*?\n\});/.exec(source)?.[1];
  if (!literal) throw new Error(`icon-sprite: no icon data in lucide-react's icons/${file}.mjs`);
  return new Function(`return ${literal}`)().node;
}

const escapeAttr = (v) => String(v).replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function buildSprite(srcDir) {
  const files = iconFiles();
  const icons = importedNames(srcDir).map((name) => {
    const file = files.get(name);
    if (!file) throw new Error(`icon-sprite: lucide-react has no icon named ${name}`);
    return { name, file };
  });
  const symbols = [...new Set(icons.map((i) => i.file))].map((file) => {
    const shapes = iconNode(file)
      .map(([tag, attrs]) => `<${tag} ${Object.entries(attrs).filter(([k]) => k !== 'key').map(([k, v]) => `${k}="${escapeAttr(v)}"`).join(' ')}/>`)
      .join('');
    return `<symbol id="${file}" viewBox="0 0 24 24">${shapes}</symbol>`;
  });
  const svg = `<svg xmlns="http://www.w3.org/2000/svg">${symbols.join('')}</svg>`;
  const hash = crypto.createHash('sha256').update(svg).digest('base64url').slice(0, 10);
  return { icons, svg, fileName: `assets/icons-${hash}.svg` };
}

/** The Vite plugin: `lucide-react` in client code → sprite icons; the sprite written with the client build. */
export function iconSprite({ srcDir, helper, emit }) {
  let sprite;
  const current = () => (sprite ??= buildSprite(srcDir));
  return {
    name: 'kerbside:icon-sprite',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== 'lucide-react' || !importer || !path.resolve(importer).startsWith(srcDir)) return undefined;
      return VIRTUAL;
    },
    load(id) {
      if (id !== VIRTUAL) return undefined;
      const { icons, fileName } = current();
      return [
        `import { spriteIcon } from ${JSON.stringify(helper)};`,
        ...icons.map(({ name, file }) => `export const ${name} = /* @__PURE__ */ spriteIcon(${JSON.stringify(`/${fileName}#${file}`)});`),
      ].join('\n');
    },
    generateBundle() {
      if (!emit) return;
      const { svg, fileName } = current();
      this.emitFile({ type: 'asset', fileName, source: svg });
    },
    configureServer(server) {
      // `npm run dev`: the same sprite at the same address.
      server.middlewares.use((req, res, next) => {
        const { svg, fileName } = current();
        if (req.url?.split('?')[0] !== `/${fileName}`) return next();
        res.setHeader('Content-Type', 'image/svg+xml');
        res.end(svg);
      });
    },
  };
}
