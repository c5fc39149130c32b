// Types of bench/memory.mjs for its test (the project does not type-check plain JS).
export declare function rssKiB(pid: number): number | null
export declare function sampleRss(
  pid: number,
  everyMs?: number,
): {
  stop(): { peakMiB: number | null; lastMiB: number | null }
}
