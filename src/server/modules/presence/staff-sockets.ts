import {
  checkOnlineUsersSchema,
  LIVE_CLOSE_SESSION_ENDED,
  type LiveServerMessage,
  type OnlineUser,
} from '../../../contracts/staff-live'
import type { ListedUser } from '../../../domain/presence'
import type { StaffLive } from './staff-live'

/** The part of a `ws` socket used here (the plugin hands us ws's WebSocket). */
export interface LiveSocket {
  readonly readyState: number
  readonly bufferedAmount: number
  send(data: string): void
  close(code?: number, reason?: string): void
  terminate(): void
  ping(): void
  on(event: 'message', listener: (data: unknown, isBinary: boolean) => void): unknown
  on(event: 'pong' | 'close', listener: () => void): unknown
}

const OPEN = 1

export type StaffSocketOptions = {
  now: () => Date
  /** Changes within this window go out as one push (ms). */
  coalesceMs: number
  /** A socket that did not answer the last ping by the next one is dropped (ms). */
  heartbeatMs: number
  /** Sockets one process keeps open; the next one is closed with 1013 (try again later). */
  maxSockets: number
  /** Every socket's session is checked again this often (ms), besides when a forget names it. */
  recheckMs: number
  /** Whether a session (by id) still belongs to an active administrator and has not expired. */
  sessionAllowed: (sessionId: string) => Promise<boolean>
}

export const defaultSocketOptions = (
  now: () => Date,
  sessionAllowed: (sessionId: string) => Promise<boolean>,
): StaffSocketOptions => ({
  now,
  coalesceMs: 50,
  heartbeatMs: 30_000,
  maxSockets: 2_000,
  recheckMs: 60_000,
  sessionAllowed,
})

/** Who a socket was opened by: the session (its id, the token's hash) and its user. */
export type SocketSession = { sessionId: string; userId: number }

/** A browser asks every 10 s; this many messages within 10 s is not a browser. */
const MAX_MESSAGES_PER_10S = 20
/** A socket that has this much unsent is not reading: it is dropped instead of buffering more. */
const MAX_BUFFERED_BYTES = 1024 * 1024

type SocketState = SocketSession & {
  alive: boolean
  windowStart: number
  messages: number
}

const toOnlineUser = (user: ListedUser): OnlineUser => ({
  id: user.id,
  name: user.name,
  date: new Date(user.seenAt).toISOString(),
  status: user.status,
})

const serialize = (message: LiveServerMessage) => JSON.stringify(message)
const CARTS_CHANGED = serialize({ type: 'customerCartsChanged' })

/**
 * The open staff sockets of one app process. A socket asks with checkOnlineUsers (on open and every
 * 10 s) and gets the list; every change the channel reports (from any process) is pushed to every
 * socket, changes within coalesceMs as one push: one list read and one JSON text for all sockets.
 */
export class StaffSockets {
  private readonly sockets = new Map<LiveSocket, SocketState>()
  private readonly pending: { presence: NodeJS.Timeout | null; carts: NodeJS.Timeout | null } = {
    presence: null,
    carts: null,
  }
  /** The list being read for sockets that asked: they share one read. */
  private asked: Promise<string> | null = null
  private heartbeat: NodeJS.Timeout | null = null
  private recheckTimer: NodeJS.Timeout | null = null
  /** A periodic check still under way: the next one waits for its turn rather than piling up. */
  private sweeping = false
  private stopListening: (() => void) | null = null

  constructor(
    private readonly live: StaffLive,
    private readonly options: StaffSocketOptions,
  ) {}

  get size(): number {
    return this.sockets.size
  }

  start(): void {
    this.stopListening = this.live.listen((event) => this.schedule(event))
    this.heartbeat = setInterval(() => this.beat(), this.options.heartbeatMs)
    this.heartbeat.unref()
    this.recheckTimer = setInterval(() => void this.sweep(), this.options.recheckMs)
    this.recheckTimer.unref()
  }

  accept(socket: LiveSocket, session: SocketSession): void {
    if (this.sockets.size >= this.options.maxSockets) {
      socket.close(1013, 'too many sockets')
      return
    }
    const now = this.options.now().getTime()
    const state: SocketState = { ...session, alive: true, windowStart: now, messages: 0 }
    this.sockets.set(socket, state)
    socket.on('pong', () => {
      state.alive = true
    })
    socket.on('close', () => this.sockets.delete(socket))
    socket.on('message', (data, isBinary) => void this.receive(socket, state, data, isBinary))
  }

  /**
   * Checks again the sessions of the sockets that `which` picks (a logout, a password change or a
   * disabled user, in this process or another one) and closes those that ended with 4401. One lookup
   * per session, however many sockets it has; a lookup that fails leaves its sockets open (the next
   * check tries again).
   */
  async recheck(which: (socket: SocketSession) => boolean): Promise<void> {
    const bySession = new Map<string, LiveSocket[]>()
    for (const [socket, state] of this.sockets) {
      if (!which(state)) continue
      const list = bySession.get(state.sessionId)
      if (list) list.push(socket)
      else bySession.set(state.sessionId, [socket])
    }
    await Promise.all(
      [...bySession].map(async ([sessionId, sockets]) => {
        try {
          if (await this.options.sessionAllowed(sessionId)) return
        } catch (err) {
          this.live.logger.warn({ err }, 'staff socket session not checked; kept open until the next check')
          return
        }
        for (const socket of sockets) {
          this.sockets.delete(socket)
          socket.close(LIVE_CLOSE_SESSION_ENDED, 'session ended')
        }
      }),
    )
  }

  async close(): Promise<void> {
    this.stopListening?.()
    if (this.heartbeat) clearInterval(this.heartbeat)
    if (this.recheckTimer) clearInterval(this.recheckTimer)
    for (const timer of Object.values(this.pending)) if (timer) clearTimeout(timer)
    for (const socket of this.sockets.keys()) socket.close(1001, 'server closing')
    this.sockets.clear()
  }

  private async receive(socket: LiveSocket, state: SocketState, data: unknown, isBinary: boolean) {
    state.alive = true
    const now = this.options.now().getTime()
    if (now - state.windowStart >= 10_000) {
      state.windowStart = now
      state.messages = 0
    }
    if (++state.messages > MAX_MESSAGES_PER_10S) return socket.close(1008, 'too many messages')
    if (isBinary) return socket.close(1003, 'text only')
    if (!checkOnlineUsersSchema.safeParse(parseJson(String(data))).success) {
      return socket.close(1008, 'invalid message')
    }
    try {
      this.asked ??= this.onlineUsersMessage().finally(() => {
        this.asked = null
      })
      this.deliver(socket, await this.asked)
    } catch (err) {
      this.live.logger.warn({ err }, 'online users could not be answered')
    }
  }

  private schedule(event: 'presence' | 'carts') {
    if (this.pending[event] || this.sockets.size === 0) return
    this.pending[event] = setTimeout(() => {
      this.pending[event] = null
      void this.push(event)
    }, this.options.coalesceMs)
  }

  private async push(event: 'presence' | 'carts') {
    try {
      // Read afresh, not through `asked`: a read begun before the change may miss it.
      const message = event === 'presence' ? await this.onlineUsersMessage() : CARTS_CHANGED
      for (const socket of this.sockets.keys()) this.deliver(socket, message)
    } catch (err) {
      this.live.logger.warn({ err, event }, 'live push failed')
    }
  }

  private async onlineUsersMessage(): Promise<string> {
    const users = await this.live.list(this.options.now())
    return serialize({ type: 'updateOnlineUsers', onlineUsers: users.map(toOnlineUser) })
  }

  private deliver(socket: LiveSocket, message: string) {
    if (socket.readyState !== OPEN) return
    if (socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      socket.terminate()
      return
    }
    socket.send(message)
  }

  /** Every socket's session, checked again at the interval: expiry, or an end no forget told of (SQL). */
  private async sweep() {
    if (this.sweeping || this.sockets.size === 0) return
    this.sweeping = true
    try {
      await this.recheck(() => true)
    } finally {
      this.sweeping = false
    }
  }

  /** Drops the sockets that did not answer the last ping (a laptop shut, a network gone), pings the rest. */
  private beat() {
    for (const [socket, state] of this.sockets) {
      if (!state.alive) {
        socket.terminate()
        this.sockets.delete(socket)
        continue
      }
      state.alive = false
      socket.ping()
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
