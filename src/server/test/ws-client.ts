import { createRequire } from 'node:module'
import path from 'node:path'
import { type LiveServerMessage, liveServerMessageSchema } from '../../contracts/staff-live'

/**
 * A WebSocket client for tests, on the `ws` package that @fastify/websocket itself depends on (Node 20
 * has no WebSocket of its own): loaded from beside the plugin, so it is there whenever the plugin is.
 */
const require = createRequire(import.meta.url)
const pluginDir = path.dirname(require.resolve('@fastify/websocket'))

type WsMessage = { toString(): string }
interface WsClient {
  readonly readyState: number
  send(data: string | Uint8Array): void
  close(code?: number): void
  terminate(): void
  on(event: 'open', listener: () => void): WsClient
  on(event: 'message', listener: (data: WsMessage, isBinary: boolean) => void): WsClient
  on(event: 'close', listener: (code: number, reason: WsMessage) => void): WsClient
  on(event: 'error', listener: (error: Error) => void): WsClient
  on(
    event: 'unexpected-response',
    listener: (request: unknown, response: NodeJS.ReadableStream & { statusCode?: number }) => void,
  ): WsClient
}
type WsClientClass = new (url: string, options: { headers: Record<string, string>; ca?: string }) => WsClient
const WebSocket = require(require.resolve('ws', { paths: [pluginDir] })) as WsClientClass

export type SocketHeaders = { cookie?: string; origin?: string }

/** The server's refusal of an upgrade: its HTTP status and JSON body. */
export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`upgrade refused with ${status}`)
  }
}

export class TestSocket {
  private readonly received: LiveServerMessage[] = []
  private read = 0
  private wake: (() => void) | null = null
  /** How the socket closed: its close code and reason. */
  readonly closed: Promise<{ code: number; reason: string }>

  constructor(private readonly ws: WsClient) {
    ws.on('message', (data) => {
      this.received.push(liveServerMessageSchema.parse(JSON.parse(data.toString())))
      this.wake?.()
    })
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() })
        this.wake?.()
      }),
    )
  }

  send(data: string | Uint8Array) {
    this.ws.send(data)
  }

  ask(host = 'localhost') {
    this.send(JSON.stringify({ type: 'checkOnlineUsers', host }))
  }

  /**
   * The next message (after those already taken) that `matches`, skipping the others; fails after
   * `timeoutMs` with what did arrive.
   */
  next<T extends LiveServerMessage>(
    matches: (message: LiveServerMessage) => message is T,
    timeoutMs?: number,
  ): Promise<T>
  next(matches: (message: LiveServerMessage) => boolean, timeoutMs?: number): Promise<LiveServerMessage>
  async next(matches: (message: LiveServerMessage) => boolean, timeoutMs = 5000): Promise<LiveServerMessage> {
    const deadline = Date.now() + timeoutMs
    while (true) {
      while (this.read < this.received.length) {
        const message = this.received[this.read++]!
        if (matches(message)) return message
      }
      const left = deadline - Date.now()
      if (left <= 0) {
        throw new Error(`no matching message within ${timeoutMs} ms; got ${JSON.stringify(this.received)}`)
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left)
        this.wake = () => {
          clearTimeout(timer)
          resolve()
        }
      })
      this.wake = null
    }
  }

  /** Messages received so far that nobody took. */
  unread(): LiveServerMessage[] {
    return this.received.slice(this.read)
  }

  close() {
    this.ws.close()
  }
}

/**
 * Opens a socket, or rejects with UpgradeRefused when the server answers the upgrade with an error.
 * `ca`: the certificate a wss:// server is trusted by (a test's own).
 */
export function openSocket(
  url: string,
  headers: SocketHeaders,
  options: { ca?: string } = {},
): Promise<TestSocket> {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { headers: clean, ...(options.ca ? { ca: options.ca } : {}) })
    const socket = new TestSocket(ws)
    ws.on('open', () => resolve(socket))
    ws.on('error', (error) => reject(error))
    ws.on('unexpected-response', (_request, response) => {
      let text = ''
      response.on('data', (chunk: Buffer) => {
        text += chunk.toString()
      })
      response.on('end', () => {
        let body: unknown = text
        try {
          body = JSON.parse(text)
        } catch {}
        reject(new UpgradeRefused(response.statusCode ?? 0, body))
        ws.terminate()
      })
    })
  })
}

export const isOnlineList = (
  message: LiveServerMessage,
): message is Extract<LiveServerMessage, { type: 'updateOnlineUsers' }> =>
  message.type === 'updateOnlineUsers'

export const isCartsChanged = (message: LiveServerMessage) => message.type === 'customerCartsChanged'
