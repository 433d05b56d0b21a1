import type { Plugin } from 'vite';

export function buildSprite(srcDir: string): { icons: Array<{ name: string; file: string }>; svg: string; fileName: string };
export function iconSprite(options: { srcDir: string; helper: string; emit: boolean }): Plugin;
