// Types of bench/report.mjs for its test (the project does not type-check plain JS).
export interface Check {
  kind: string
  label: string
  value: number
  limit: number
  pass: boolean
  size?: number
}
export declare function evaluate(runs: unknown[], budgets: unknown): Check[]
