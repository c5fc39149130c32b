// Types of bench/soak.mjs for its test (the project does not type-check plain JS).
type Sample = { at: number; rssKiB: number }
type Figures = { requests: number; p50: number; p99: number }
type Action = { weight: number; action: string; cart?: boolean }
export declare const MAX_GROWTH_PERCENT: number
export declare const MIX: Action[]
export declare function isSoak(argv: string[]): boolean
export declare function parseDuration(text: string): number
export declare function formatDuration(seconds: number): string
export declare function formatClock(seconds: number): string
export declare function warmupSeconds(durationSeconds: number): number
export declare function sliceOf(atMs: number, durationMs: number, slices: number): number
export declare function sliceTable(
  records: Array<{ group: string; at: number; ms?: number; status: number | string }>,
  durationMs: number,
  slices: number,
): Array<{ from: number; to: number; groups: Record<string, Figures> }>
export declare function memoryGrowth(
  samples: Sample[],
  warmup: number,
  maxPercent?: number,
): {
  warmupSeconds: number
  baseline: Sample
  end: Sample
  peakKiB: number
  growthPercent: number
  trendPercent: number
  pass: boolean
} | null
export declare function drawAction(u: number, mix?: Action[]): Action
export declare function browsePage(pages: number, u?: number, v?: number): number
