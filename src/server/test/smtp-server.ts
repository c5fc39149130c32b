import { createServer } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type Received = { from: string; to: string[]; raw: string }

export type TestSmtp = {
  port: number
  /** nodemailer URL of this server (no STARTTLS: a local test server has no certificate). */
  url: string
  /** Every message accepted so far, in order. */
  received: Received[]
  /** Set to make the server answer 550 to the recipient or to the message. */
  refuse: 'rcpt' | 'data' | null
  /** The next message accepted from now on. */
  next(): Promise<Received>
  close(): Promise<void>
}

/** A real SMTP server on a free local port, for tests of what the app sends. */
export async function startSmtp(): Promise<TestSmtp> {
  const waiters: Array<(mail: Received) => void> = []
  const refusal = (text: string) => Object.assign(new Error(text), { responseCode: 550 })
  const state: TestSmtp = {
    port: 0,
    url: '',
    received: [],
    refuse: null,
    next: () => new Promise<Received>((resolve) => waiters.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  const server = new SMTPServer({
    authOptional: true,
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(state.refuse === 'rcpt' ? refusal('Mailbox unavailable') : null)
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        if (state.refuse === 'data') return callback(refusal('Message rejected'))
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        state.received.push(mail)
        waiters.shift()?.(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  state.port = (server.server.address() as { port: number }).port
  state.url = `smtp://127.0.0.1:${state.port}/?ignoreTLS=true`
  return state
}

/** A local port nothing listens on (taken, then given back). */
export function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })
}

// A small reader of the received message: headers (RFC 2047 words decoded) and the decoded parts.

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_all, _charset, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    )
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = []
  const source = text.replace(/=\r?\n/g, '')
  for (let i = 0; i < source.length; i++) {
    const hex = source.slice(i + 1, i + 3)
    if (source[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      i += 2
    } else {
      bytes.push(...Buffer.from(source[i]!, 'utf8'))
    }
  }
  return Buffer.from(bytes).toString('utf8')
}

function splitMessage(raw: string) {
  const at = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim())
  }
  return { headers, body: raw.slice(at + 4) }
}

export function readMessage(raw: string) {
  // The wire has CRLF; the outbox's .eml files have Unix newlines.
  const { headers, body } = splitMessage(raw.replace(/\r?\n/g, '\r\n'))
  const boundary = /boundary="?([^";]+)"?/.exec(headers.get('content-type') ?? '')?.[1]
  const parts = new Map<string, string>()
  for (const chunk of boundary ? body.split(`--${boundary}`).slice(1, -1) : []) {
    const part = splitMessage(chunk.replace(/^\r\n/, ''))
    const type = part.headers.get('content-type')!.split(';')[0]!
    const encoding = part.headers.get('content-transfer-encoding') ?? '7bit'
    parts.set(
      type,
      encoding === 'base64'
        ? Buffer.from(part.body, 'base64').toString('utf8')
        : encoding === 'quoted-printable'
          ? decodeQuotedPrintable(part.body)
          : part.body,
    )
  }
  return {
    to: headers.get('to'),
    from: headers.get('from'),
    subject: decodeWords(headers.get('subject') ?? ''),
    text: parts.get('text/plain') ?? '',
    html: parts.get('text/html') ?? '',
  }
}
