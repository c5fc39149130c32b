/**
 * When a mail the server could not send is tried again. The waits grow so a mail server that is down
 * for minutes or hours is not hammered, and a mail still leaves the same working day once it is back.
 * After the last attempt the mail is given up (`failed`) and waits for staff to retry it.
 */
export const MAIL_RETRY_WAITS_SECONDS = [30, 2 * 60, 10 * 60, 60 * 60, 6 * 60 * 60] as const

/** Attempts in all: the first send and one per wait. */
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_WAITS_SECONDS.length + 1

/**
 * After `attempts` sends have failed (1 = the first one), when to try again; null when that was the
 * last attempt and the mail is failed.
 */
export function nextMailAttempt(attempts: number, failedAt: Date): Date | null {
  if (!Number.isInteger(attempts) || attempts < 1)
    throw new RangeError(`attempts must be 1 or more: ${attempts}`)
  const wait = MAIL_RETRY_WAITS_SECONDS[attempts - 1]
  return wait === undefined ? null : new Date(failedAt.getTime() + wait * 1000)
}
