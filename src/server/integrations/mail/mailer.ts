import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'

export type MailMessage = {
  to: string
  subject: string
  html: string
  text: string
}

/** Sends a message or throws; a thrown error means the message did not leave (nothing else is lost). */
export type Mailer = {
  send(message: MailMessage): Promise<void>
  /** Where messages go, for the start-up log: an smtp:// address without credentials, or the outbox. */
  readonly target: string
}

type MailLog = { info: (msg: string) => void }

/**
 * With SMTP_URL every message goes to that server; without it each message is written as an .eml file
 * under DATA_DIR/outbox and logged, so a first run can show what would have been sent.
 */
export function createMailer(
  options: { smtpUrl: string | undefined; dataDir: string; from: string },
  log: MailLog = { info: () => {} },
): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl)
    const url = new URL(options.smtpUrl)
    return {
      target: `${url.protocol}//${url.host}`,
      async send(message) {
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  const outbox = path.join(options.dataDir, 'outbox')
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    target: outbox,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message })
      await mkdir(outbox, { recursive: true })
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`
      const file = path.join(outbox, name)
      await writeFile(file, info.message as Buffer)
      log.info(`mail to ${message.to} ("${message.subject}") written to ${file}`)
    },
  }
}
