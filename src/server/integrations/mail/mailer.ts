import { randomBytes } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import { assertOutsideTransaction } from '../../db/transaction-context'

export type MailMessage = {
  to: string
  subject: string
  html: string
  text: string
}

/**
 * Sends a message or throws; a thrown error means the message did not leave. Callers queue mail in the
 * mail_outbox table and the outbox worker calls this, retrying what throws.
 */
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
  const outbox = path.join(options.dataDir, 'outbox')
  const toFile = createFileWriter(options.from)
  if (options.smtpUrl) {
    // A mail server that does not answer must not hold the outbox worker for nodemailer's default minutes;
    // timeouts given in SMTP_URL's query win over these.
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    })
    const url = new URL(options.smtpUrl)
    return {
      target: `${url.protocol}//${url.host}`,
      async send(message) {
        assertOutsideTransaction('mailer.send')
        await transport.sendMail({ from: options.from, ...message })
      },
    }
  }
  return {
    target: outbox,
    async send(message) {
      assertOutsideTransaction('mailer.send')
      const file = await toFile(message, outbox)
      log.info(`mail to ${message.to} ("${message.subject}") written to ${file}`)
    },
  }
}

/** Writes a message as an .eml file into a folder; answers the file's path. */
function createFileWriter(from: string) {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return async (message: MailMessage, folder: string): Promise<string> => {
    const info = await transport.sendMail({ from, ...message })
    await mkdir(folder, { recursive: true })
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`
    const file = path.join(folder, name)
    await writeFile(file, info.message as Buffer)
    return file
  }
}
