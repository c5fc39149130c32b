import { SMTPServer } from 'smtp-server'

export type Received = { from: string; to: string[]; raw: string }

/** A real SMTP server on a free port; `refuse` makes it answer 550 to every recipient. */
export async function startSmtp(options: { refuse?: boolean } = {}) {
  const received: Received[] = []
  const waiters: Array<(mail: Received) => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (options.refuse) {
        const err = Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 })
        return callback(err)
      }
      callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        }
        received.push(mail)
        waiters.shift()?.(mail)
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: () => new Promise<Received>((resolve) => waiters.push(resolve)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

/** Quoted-printable and folded lines of the raw message, undone, so the text can be searched. */
export function bodyText(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/(?:=[0-9A-F]{2})+/g, (run) =>
    Buffer.from(
      run
        .split('=')
        .slice(1)
        .map((h) => Number.parseInt(h, 16)),
    ).toString('utf8'),
  )
}

export function subjectOf(raw: string): string {
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1] ?? ''
  return header
    .replace(/\r?\n[ \t]/g, ' ')
    .replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_w, enc, text) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : bodyText(text.replace(/_/g, ' ')),
    )
}
