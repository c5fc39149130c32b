/**
 * Named places where the crash test (src/server/fault/crash.int.test.ts) kills the process, to prove
 * that a payment interrupted at each step ends in a known state once the app is back. Active only when
 * NODE_ENV=test and FAULT_KILL_AT names the point: the process then SIGKILLs itself the first time it
 * gets there, as a power cut would. Anywhere else this is a no-op.
 */
export const FAULT_POINTS = [
  /** The intent is 'authorized' (committed); nothing is held yet. */
  'payment.after-authorized',
  /** The intent is 'capturing' (committed, stock and link held); the bank has not been asked. */
  'payment.after-capturing',
  /** Inside the sandbox bank's complete, before it takes the money. */
  'sandbox.before-charge',
  /** Inside the sandbox bank's complete, after it took the money: its answer never reaches us. */
  'sandbox.after-charge',
  /** The bank's answer (charged) arrived; the booking transaction has not begun. */
  'payment.after-complete',
] as const

/**
 * Staff cancelling a card-paid order (payments/payment-order-cancel.ts): apart, because the crash
 * test's rounds arm FAULT_POINTS on a dealer's card payment, which never passes these.
 */
export const ORDER_CANCEL_FAULT_POINTS = [
  /** The payment is 'refunding' and the order's cancellation kept (committed); the bank not asked. */
  'order-cancel.after-refunding',
  /** Inside the sandbox bank's refund, after it gave the money back: its answer never reaches us. */
  'sandbox.after-refund',
] as const

/** A job's chunk (integration-sync/jobs.service.ts writeNextChunk), tested by jobs-restart.int.test.ts. */
export const JOB_FAULT_POINTS = [
  /** The chunk's rows, counts and its leaving the queue written, not yet committed. */
  'job.inside-chunk',
  /** The chunk committed; the next one not begun. */
  'job.after-chunk',
] as const

export type FaultPoint =
  | (typeof FAULT_POINTS)[number]
  | (typeof ORDER_CANCEL_FAULT_POINTS)[number]
  | (typeof JOB_FAULT_POINTS)[number]

let armed: string | null | undefined

export function faultPoint(name: FaultPoint): void {
  if (armed === undefined) {
    armed = process.env.NODE_ENV === 'test' ? (process.env.FAULT_KILL_AT ?? null) : null
  }
  if (armed === name) process.kill(process.pid, 'SIGKILL')
}
