import type { FastifyRequest } from 'fastify'

/**
 * Lets one log line through per `everyMs` and counts the ones it held back, so a client that keeps
 * provoking the same warning cannot flood the log. One per app (the staff socket's errors).
 */
export class ThrottledLine {
  private lastAt = Number.NEGATIVE_INFINITY
  private held = 0

  constructor(
    private readonly everyMs: number,
    private readonly now: () => number,
  ) {}

  /** How many were held back since the last line when one may be written now; null when not (counted). */
  take(): number | null {
    const now = this.now()
    if (now - this.lastAt < this.everyMs) {
      this.held++
      return null
    }
    const held = this.held
    this.held = 0
    this.lastAt = now
    return held
  }
}

/** At most one warning line about clients' broken staff socket messages per this many ms. */
export const SOCKET_WARNING_EVERY_MS = 10_000

/** What ws's receiver says of a client's frame; ws has already sent the close with this code. */
const CLIENT_FAULTS: Record<string, string> = {
  WS_ERR_UNSUPPORTED_MESSAGE_LENGTH: 'staff socket closed: message too large (1009)',
}

type WsError = Error & { code?: unknown }
type ClosableSocket = { terminate(): void }

/**
 * @fastify/websocket's errorHandler for the staff socket. A client's broken or oversized frame is the
 * client's doing: ws has already answered it with a close frame (1009 for a message over the limit,
 * 1002/1007 for a broken frame) and ends the socket when the client answers, so it is a warn line
 * without a stack, rate-limited; the plugin's default logged each at error level with its stack and
 * cut the socket before the close frame could leave. Anything else stays an error, as before.
 */
export function staffSocketErrors(now: () => number) {
  const warnings = new ThrottledLine(SOCKET_WARNING_EVERY_MS, now)
  return (error: WsError, socket: ClosableSocket, request: FastifyRequest) => {
    const code = typeof error.code === 'string' ? error.code : ''
    if (code.startsWith('WS_ERR_')) {
      const suppressed = warnings.take()
      if (suppressed !== null) {
        request.log.warn(
          { code, suppressed },
          CLIENT_FAULTS[code] ?? 'staff socket closed: the client broke the protocol',
        )
      }
      return
    }
    request.log.error({ err: error }, 'staff socket failed')
    socket.terminate()
  }
}
