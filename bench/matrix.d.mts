// Types of bench/matrix.mjs for its test (the project does not type-check plain JS).
type Scenario = {
  id: string
  label: string
  rps: number
  p99: number
  non2xx: number
  errors: number
  timeouts: number
}
type Run = {
  size: number
  database: 'embedded' | 'postgres'
  cache: 'warm' | 'cold'
  memory?: { readyMiB: number | null; peakMiB: number | null }
  scenarios: Scenario[]
}
export declare const MATRIX_CELLS: Array<{ database: string; cache: string; title: string }>
export declare function matrixTable(runs: Run[]): string
export declare function matrixMemoryLines(runs: Run[]): string[]
export declare function bySize(runs: Run[]): Array<{ size: number; runs: Run[] }>
export declare function matrixSection(size: number, runs: Run[]): string
export declare function matrixMarkdown(results: { meta: Record<string, unknown>; runs: Run[] }): string
