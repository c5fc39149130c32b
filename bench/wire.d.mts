// Types of bench/wire.mjs for its test (the project does not type-check plain JS).
export declare function startupAssets(html: string): Array<{ path: string; kind: 'js' | 'css' }>
