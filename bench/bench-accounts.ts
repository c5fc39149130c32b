/**
 * The bench's accounts, shared by its tools. Kept apart from the tools themselves: a tool's module
 * starts its CLI when it is the started file, and bundled into another tool it would count as that
 * file too and run there as well.
 */
export const BENCH_PASSWORD = 'Bench1234!'
export const BENCH_DEALERS = 10
export const HISTORY_ORDERS = 10_000
export const HISTORY_EMAIL = 'bench-history@toptan.test'

const pad = (n: number) => String(n).padStart(2, '0')
export const benchDealerEmail = (n: number) => `bench-dealer-${pad(n)}@toptan.test`
