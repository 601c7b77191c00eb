import type { Plugin } from 'esbuild';

export declare const SERVER_ONLY: readonly string[];
export declare function serverOnlyArea(root: string, target: string): string | undefined;
export declare function serverOnlyGuard(options: { root: string }): Plugin;
