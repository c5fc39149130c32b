// Types of scripts/compress-assets.mjs for its test (the project does not type-check plain JS).
export declare const COMPRESSIBLE: RegExp
export declare function compressAssets(
  dir: string,
): Promise<Array<{ file: string; bytes: number; br: number | null; gz: number | null }>>
