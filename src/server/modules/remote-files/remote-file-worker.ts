import {
  INVOICE_PDF_MAX_BYTES,
  looksLikePdf,
  nextFetchAttempt,
  PRODUCT_IMAGE_MAX_BYTES,
} from '../../../domain/remote-file'
import type { Db } from '../../db/client'
import { type DownloadResult, downloadFile } from '../../integrations/remote-files/download'
import {
  claimProductImageDownload,
  failProductImageDownload,
  resizeProductImage,
  storeProductImage,
} from '../catalog/product-images.service'
import {
  claimInvoicePdfDownload,
  failInvoicePdfDownload,
  storeDownloadedPdf,
} from '../invoices/invoices.service'

type WorkerLog = {
  info: (obj: object, msg: string) => void
  warn: (obj: object, msg: string) => void
  error: (obj: object, msg: string) => void
}

export type RemoteFileWorkerOptions = {
  /** How often the queues are looked at. */
  pollMs: number
  /** One download at most this long. */
  timeoutMs: number
  /** How long a claimed file is this worker's before another process may try it; longer than a download. */
  leaseMs?: number
}

export const DEFAULT_REMOTE_FILE_WORKER: RemoteFileWorkerOptions = { pollMs: 30_000, timeoutMs: 30_000 }

/** What a download came to: the bytes to keep, or why not and whether to try again. */
type Verdict = { ok: true; bytes: Buffer } | { ok: false; error: string; retryable: boolean }

/**
 * Downloads the files the ERP names by address: invoice PDFs (erp_invoices.pdf_url) and product
 * images (products.image_source_url). Each due file is claimed (FOR UPDATE SKIP LOCKED, with a lease,
 * so processes never fetch one file together), downloaded with a deadline and a size limit OUTSIDE
 * any transaction, checked (a PDF's magic bytes; an image resized by sharp), then stored in a short
 * transaction of its own; a failure is tried again later (domain/remote-file.ts) and then given up.
 * Off in test apps unless a test runs it.
 */
export class RemoteFileWorker {
  private timer: NodeJS.Timeout | null = null
  private pass: Promise<void> | null = null
  private started = false
  private stopping = false
  private readonly leaseMs: number

  constructor(
    private readonly db: Db,
    private readonly now: () => Date,
    private readonly log: WorkerLog,
    private readonly options: RemoteFileWorkerOptions,
  ) {
    this.leaseMs = options.leaseMs ?? Math.max(5 * 60_000, options.timeoutMs * 4)
  }

  start(): void {
    if (this.started) return
    this.started = true
    this.kick()
  }

  /** Stops polling and waits for the download under way, so the database can close behind it. */
  async stop(): Promise<void> {
    this.started = false
    this.stopping = true
    if (this.timer) clearTimeout(this.timer)
    this.timer = null
    while (this.pass) await this.pass
  }

  private readonly kick = (): void => {
    if (!this.started || this.pass) return
    this.pass = this.fetchDue()
      .catch((err) => this.log.error({ err }, 'remote file pass failed'))
      .finally(() => {
        this.pass = null
        if (!this.started) return
        // unref: a waiting poll never keeps the process (or a test run) alive.
        this.timer = setTimeout(this.kick, this.options.pollMs)
        this.timer.unref()
      })
  }

  /** Fetches every file due now, to the end; for tests and tools (the worker need not be started). */
  async runNow(): Promise<void> {
    while (this.pass) await this.pass
    const run = this.fetchDue()
    this.pass = run
    try {
      await run
    } finally {
      this.pass = null
    }
  }

  private async fetchDue(): Promise<void> {
    while (!this.stopping) {
      const pdf = await this.nextPdf()
      const image = await this.nextImage()
      if (!pdf && !image) return
    }
  }

  private leaseUntil(now: Date) {
    return new Date(now.getTime() + this.leaseMs)
  }

  private async nextPdf(): Promise<boolean> {
    const now = this.now()
    const claim = await claimInvoicePdfDownload(this.db, now, this.leaseUntil(now))
    if (!claim) return false
    const verdict = pdfVerdict(
      await downloadFile(claim.url, { timeoutMs: this.options.timeoutMs, maxBytes: INVOICE_PDF_MAX_BYTES }),
    )
    if (verdict.ok) {
      const stored = await storeDownloadedPdf(this.db, claim, verdict.bytes, this.now())
      this.log.info({ invoiceId: claim.id, stored }, 'invoice pdf downloaded')
      return true
    }
    const next = nextFetchAttempt(claim.attempts, this.now(), verdict.retryable)
    await failInvoicePdfDownload(this.db, claim, verdict.error, next)
    this.log.warn(
      {
        invoiceId: claim.id,
        attempts: claim.attempts,
        error: verdict.error,
        next: next?.toISOString() ?? null,
      },
      next ? 'invoice pdf not downloaded, will retry' : 'invoice pdf not downloaded, given up',
    )
    return true
  }

  private async nextImage(): Promise<boolean> {
    const now = this.now()
    const claim = await claimProductImageDownload(this.db, now, this.leaseUntil(now))
    if (!claim) return false
    const verdict = await imageVerdict(
      await downloadFile(claim.url, { timeoutMs: this.options.timeoutMs, maxBytes: PRODUCT_IMAGE_MAX_BYTES }),
    )
    if (verdict.ok) {
      const stored = await storeProductImage(this.db, claim, verdict.bytes, this.now())
      this.log.info({ productId: claim.productId, stored }, 'product image downloaded')
      return true
    }
    const next = nextFetchAttempt(claim.attempts, this.now(), verdict.retryable)
    await failProductImageDownload(this.db, claim, verdict.error, next, this.now())
    this.log.warn(
      {
        productId: claim.productId,
        attempts: claim.attempts,
        error: verdict.error,
        next: next?.toISOString() ?? null,
      },
      next ? 'product image not downloaded, will retry' : 'product image not downloaded, given up',
    )
    return true
  }
}

function pdfVerdict(result: DownloadResult): Verdict {
  if (!result.ok) return result
  if (!looksLikePdf(result.bytes))
    return { ok: false, error: 'not a PDF (no %PDF- at its start)', retryable: false }
  return { ok: true, bytes: result.bytes }
}

async function imageVerdict(result: DownloadResult): Promise<Verdict> {
  if (!result.ok) return result
  const webp = await resizeProductImage(result.bytes)
  if (!webp) return { ok: false, error: 'not an image sharp can read', retryable: false }
  return { ok: true, bytes: webp }
}
