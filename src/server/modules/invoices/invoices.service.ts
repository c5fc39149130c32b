import { createHash } from 'node:crypto'
import type { InvoiceRow } from '../../../contracts/integration-sync'
import {
  INVOICE_PAGE_SIZE,
  type InvoiceList,
  type InvoiceListQuery,
  type InvoicePdfUploadAnswer,
} from '../../../contracts/invoices'
import { type RowOutcome, rejected, sameDecimal } from '../../../domain/bulk-upsert'
import { pageBounds } from '../../../domain/paging'
import type { Db } from '../../db/client'
import { AppError, notFound } from '../../http/errors'
import { type AuditActor, recordAudit } from '../audit/audit.service'
import {
  type ClaimedPdf,
  claimDuePdf,
  clearPdfFetch,
  countInvoices,
  customerExists,
  customerIdsByCode,
  findInvoiceByNumber,
  findInvoicePage,
  findPdf,
  type InvoiceRecord,
  type InvoiceWrite,
  insertInvoices,
  invoiceNumbersByEttn,
  invoiceRecordsByNumber,
  markPdfFetched,
  markPdfFetchFailed,
  savePdf,
  updateInvoices,
} from './invoices.repository'

export type { ClaimedPdf }

/** Fields compared as they are (text, days); the amounts are compared as decimals. */
const COMPARED = ['customer_id', 'date', 'due_date', 'ettn', 'currency', 'pdf_url'] as const

/**
 * The ERP's invoices by number (docs/integration.md "Invoices"), inside the bulk upsert's transaction.
 * A field left out keeps what is stored; null clears it. A company code that names nothing, or an
 * ETTN another invoice holds, rejects that row alone. A new or changed `pdfUrl` queues its download
 * (the remote-file worker fetches it later, outside any transaction); the same address is not fetched
 * again, and the PDF already kept stays downloadable until the new one arrives.
 */
export async function upsertInvoices(tx: Db, rows: readonly InvoiceRow[], now: Date): Promise<RowOutcome[]> {
  const companies = new Map(
    (await customerIdsByCode(tx, [...new Set(rows.map((r) => r.customerCode))])).map((c) => [c.code, c.id]),
  )
  const stored = new Map(
    (
      await invoiceRecordsByNumber(
        tx,
        rows.map((r) => r.number),
      )
    ).map((i) => [i.number, i]),
  )
  const sentEttns = rows.flatMap((r) => (r.ettn ? [r.ettn] : []))
  const ettnOwner = new Map(
    (sentEttns.length ? await invoiceNumbersByEttn(tx, sentEttns) : []).map((e) => [e.ettn, e.number]),
  )
  const inserts: InvoiceWrite[] = []
  const updates: InvoiceWrite[] = []
  const outcomes = rows.map((row): RowOutcome => {
    const customerId = companies.get(row.customerCode)
    if (customerId === undefined) return rejected('customerCode', 'unknown_reference', row.customerCode)
    const was = stored.get(row.number)
    const target = invoiceTarget(row, customerId, was, now)
    if (target.ettn) {
      const owner = ettnOwner.get(target.ettn)
      if (owner !== undefined && owner !== row.number) return rejected('ettn', 'conflict', target.ettn)
      ettnOwner.set(target.ettn, row.number)
    }
    if (!was) {
      inserts.push(target)
      return { status: 'created' }
    }
    if (sameInvoice(was, target)) return { status: 'unchanged' }
    updates.push({ ...target, id: was.id })
    return { status: 'updated' }
  })
  await updateInvoices(tx, updates, now)
  await insertInvoices(tx, inserts, now)
  return outcomes
}

function invoiceTarget(
  row: InvoiceRow,
  customerId: number,
  was: InvoiceRecord | undefined,
  now: Date,
): InvoiceWrite {
  const keep = <V>(sent: V | undefined, stored: V | undefined): V | null =>
    sent !== undefined ? sent : (stored ?? null)
  const pdfUrl = keep(row.pdfUrl, was?.pdf_url)
  const urlChanged = pdfUrl !== (was?.pdf_url ?? null)
  return {
    number: row.number,
    customer_id: customerId,
    date: row.date,
    due_date: keep(row.dueDate, was?.due_date),
    ettn: keep(row.ettn, was?.ettn),
    amount: row.amount,
    tax_amount: keep(row.taxAmount, was?.tax_amount),
    currency: row.currency,
    pdf_url: pdfUrl,
    // A new address is downloaded from its first attempt; no address, nothing to download.
    ...(urlChanged || !was
      ? {
          pdf_fetch_state: pdfUrl ? 'pending' : null,
          pdf_fetch_attempts: 0,
          pdf_fetch_next_at: pdfUrl ? now : null,
          pdf_fetch_error: null,
        }
      : {
          pdf_fetch_state: was.pdf_fetch_state,
          pdf_fetch_attempts: was.pdf_fetch_attempts,
          pdf_fetch_next_at: was.pdf_fetch_next_at,
          pdf_fetch_error: was.pdf_fetch_error,
        }),
  }
}

const sameInvoice = (stored: InvoiceRecord, target: InvoiceWrite) =>
  COMPARED.every((k) => (stored[k] ?? null) === (target[k] ?? null)) &&
  sameDecimal(stored.amount, target.amount) &&
  sameDecimal(stored.tax_amount, target.tax_amount)

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/**
 * The ERP uploads an invoice's PDF (PUT …/invoices/{number}/pdf): kept with its size and hash, any
 * download of its pdfUrl still to come called off, one audit record naming the key. The same file
 * again changes nothing. An unknown number is a 404.
 */
export async function storeUploadedPdf(
  db: Db,
  input: { number: string; bytes: Buffer; actor: AuditActor; now: Date },
): Promise<InvoicePdfUploadAnswer> {
  const hash = sha256(input.bytes)
  return db.transaction(async (tx) => {
    const invoice = await findInvoiceByNumber(tx, input.number)
    if (!invoice)
      throw new AppError('not_found', 'invoices.unknown', { number: input.number }, 'invoice_not_found')
    const answer = { number: invoice.number, size: input.bytes.length, sha256: hash }
    if (invoice.sha256 === hash) return { ...answer, status: 'unchanged' as const }
    await savePdf(tx, {
      invoiceId: invoice.id,
      bytes: input.bytes,
      sha256: hash,
      contentType: 'application/pdf',
      source: 'upload',
      storedAt: input.now,
    })
    await clearPdfFetch(tx, invoice.id, input.now)
    await recordAudit(
      tx,
      input.actor,
      {
        entity: 'invoice',
        entityId: invoice.id,
        action: 'pdf',
        before: invoice.sha256 ? { number: invoice.number, pdfSha256: invoice.sha256 } : null,
        after: { number: invoice.number, pdfSha256: hash, pdfSize: input.bytes.length },
      },
      input.now,
    )
    return { ...answer, status: invoice.sha256 ? ('updated' as const) : ('created' as const) }
  })
}

/** A company's invoices in a date range, newest first, a page at a time. */
export async function listCompanyInvoices(
  db: Db,
  customerId: number,
  query: InvoiceListQuery,
): Promise<InvoiceList> {
  const filter = { customerId, from: query.from, to: query.to }
  const total = await countInvoices(db, filter)
  const { page, pages, offset } = pageBounds(total, query.page, INVOICE_PAGE_SIZE)
  const found = total === 0 ? [] : await findInvoicePage(db, filter, INVOICE_PAGE_SIZE, offset)
  return {
    items: found.map(({ pdfSize, ...invoice }) => ({ ...invoice, hasPdf: pdfSize !== null })),
    total,
    page,
    pages,
    pageSize: INVOICE_PAGE_SIZE,
  }
}

/** Staff read any company's invoices: a company that does not exist is a 404. */
export async function listInvoicesOfCompany(db: Db, customerId: number, query: InvoiceListQuery) {
  if (!(await customerExists(db, customerId))) throw notFound()
  return listCompanyInvoices(db, customerId, query)
}

/** An invoice's PDF; with `customerId` only that company's (another's, or one without a PDF: 404). */
export async function invoicePdf(db: Db, invoiceId: number, customerId: number | null) {
  const pdf = await findPdf(db, invoiceId, customerId)
  if (!pdf) throw notFound()
  return pdf
}

/** For the remote-file worker: the next invoice PDF to download, claimed until `leaseUntil`. */
export const claimInvoicePdfDownload = (db: Db, now: Date, leaseUntil: Date) =>
  claimDuePdf(db, now, leaseUntil)

/**
 * A downloaded PDF kept, in one short transaction; nothing when the claim no longer holds (the ERP sent
 * another address meanwhile, or uploaded the file).
 */
export async function storeDownloadedPdf(
  db: Db,
  claim: ClaimedPdf,
  bytes: Buffer,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    if (!(await markPdfFetched(tx, claim, now))) return false
    await savePdf(tx, {
      invoiceId: claim.id,
      bytes,
      sha256: sha256(bytes),
      contentType: 'application/pdf',
      source: 'url',
      storedAt: now,
    })
    return true
  })
}

export const failInvoicePdfDownload = (db: Db, claim: ClaimedPdf, error: string, next: Date | null) =>
  markPdfFetchFailed(db, claim, error, next)
