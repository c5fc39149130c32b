import { vi } from 'vitest'
import { type LiveServerMessage, liveServerMessageSchema } from '../../contracts/staff-live'

/**
 * A stand-in for the browser's WebSocket (jsdom has none that reaches a server): records what the page
 * sends and lets a test open it, push messages and drop it. `install()` puts it in place of
 * globalThis.WebSocket until vi.unstubAllGlobals().
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0
  static readonly OPEN = 1
  static readonly CLOSING = 2
  static readonly CLOSED = 3
  /** Every socket made since install(), oldest first. */
  static made: FakeWebSocket[] = []

  static install(): void {
    FakeWebSocket.made = []
    vi.stubGlobal('WebSocket', FakeWebSocket)
  }

  /** The socket made last. */
  static get last(): FakeWebSocket {
    const socket = FakeWebSocket.made.at(-1)
    if (!socket) throw new Error('the page opened no WebSocket')
    return socket
  }

  readyState = FakeWebSocket.CONNECTING
  readonly sent: string[] = []
  onopen: ((event: Event) => void) | null = null
  onmessage: ((event: MessageEvent) => void) | null = null
  onclose: ((event: CloseEvent) => void) | null = null
  onerror: ((event: Event) => void) | null = null
  closedByPage = false

  constructor(readonly url: string) {
    FakeWebSocket.made.push(this)
  }

  send(data: string): void {
    if (this.readyState !== FakeWebSocket.OPEN) throw new Error('send on a socket that is not open')
    this.sent.push(data)
  }

  close(): void {
    this.closedByPage = true
    this.readyState = FakeWebSocket.CLOSED
  }

  /** The messages the page sent, parsed. */
  get sentMessages(): unknown[] {
    return this.sent.map((s) => JSON.parse(s))
  }

  // The server's side:

  open(): void {
    this.readyState = FakeWebSocket.OPEN
    this.onopen?.(new Event('open'))
  }

  /** A message from the server, checked against the contract first. */
  push(message: LiveServerMessage): void {
    this.onmessage?.(
      new MessageEvent('message', { data: JSON.stringify(liveServerMessageSchema.parse(message)) }),
    )
  }

  /** Raw text from the server (e.g. something that is not a message of ours). */
  pushText(data: string): void {
    this.onmessage?.(new MessageEvent('message', { data }))
  }

  /** The connection ends from the server's side (1006: lost without a close frame). */
  drop(code = 1006): void {
    this.readyState = FakeWebSocket.CLOSED
    this.onclose?.(new CloseEvent('close', { code }))
  }
}
