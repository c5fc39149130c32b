import { and, count, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema/accounts'
import { erpInvoicePdfs, erpInvoices } from '../../db/schema/invoices'

/**
 * The SQL of the ERP's invoices. A batch of the upsert is read in a few statements and written in one
 * or two: the rows travel as one JSON parameter unpacked by jsonb_to_recordset.
 */

const rows = async <T>(db: Db, query: SQL): Promise<T[]> =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows
const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`

export const customerIdsByCode = (db: Db, codes: string[]) =>
  rows<{ id: number; code: string }>(
    db,
    sql`select id, code from customers where code = any(${sql.param(codes)}::text[])`,
  )

/** An invoice as the upsert compares it. */
export type InvoiceRecord = {
  id: number
  number: string
  customer_id: number
  date: string
  due_date: string | null
  ettn: string | null
  amount: string
  tax_amount: string | null
  currency: string
  pdf_url: string | null
  pdf_fetch_state: string | null
  pdf_fetch_attempts: number
  pdf_fetch_next_at: string | Date | null
  pdf_fetch_error: string | null
}

export const invoiceRecordsByNumber = (db: Db, numbers: string[]) =>
  rows<InvoiceRecord>(
    db,
    sql`select id, number, customer_id, date::text as date, due_date::text as due_date, ettn::text as ettn,
      amount::text as amount, tax_amount::text as tax_amount, currency, pdf_url, pdf_fetch_state,
      pdf_fetch_attempts, pdf_fetch_next_at, pdf_fetch_error
    from erp_invoices where number = any(${sql.param(numbers)}::text[])`,
  )

/** Which invoice holds each of these ETTNs (one may belong to an invoice outside the batch). */
export const invoiceNumbersByEttn = (db: Db, ettns: string[]) =>
  rows<{ number: string; ettn: string }>(
    db,
    sql`select number, ettn::text as ettn from erp_invoices where ettn = any(${sql.param(ettns)}::uuid[])`,
  )

export type InvoiceWrite = Omit<InvoiceRecord, 'id'> & { id?: number }

const INVOICE_COLUMNS = `number text, customer_id int, date date, due_date date, ettn uuid, amount numeric,
  tax_amount numeric, currency text, pdf_url text, pdf_fetch_state text, pdf_fetch_attempts int,
  pdf_fetch_next_at timestamptz, pdf_fetch_error text`
const INVOICE_NAMES = INVOICE_COLUMNS.split(',').map((c) => c.trim().split(' ')[0]!)

export async function insertInvoices(db: Db, invoices: InvoiceWrite[], now: Date) {
  if (invoices.length === 0) return
  const names = INVOICE_NAMES.join(', ')
  await db.execute(sql`insert into erp_invoices (${sql.raw(names)}, created_at, updated_at)
    select ${sql.raw(names)}, ${now}, ${now} from jsonb_to_recordset(${json(invoices)}) as r(${sql.raw(INVOICE_COLUMNS)})`)
}

export async function updateInvoices(db: Db, invoices: InvoiceWrite[], now: Date) {
  if (invoices.length === 0) return
  const set = INVOICE_NAMES.filter((n) => n !== 'number')
    .map((n) => `${n} = r.${n}`)
    .join(', ')
  await db.execute(sql`update erp_invoices i set ${sql.raw(set)}, updated_at = ${now}
    from jsonb_to_recordset(${json(invoices)}) as r(id int, ${sql.raw(INVOICE_COLUMNS)}) where i.id = r.id`)
}

export async function findInvoiceByNumber(db: Db, number: string) {
  const [row] = await db
    .select({ id: erpInvoices.id, number: erpInvoices.number, sha256: erpInvoicePdfs.sha256 })
    .from(erpInvoices)
    .leftJoin(erpInvoicePdfs, eq(erpInvoicePdfs.invoiceId, erpInvoices.id))
    .where(eq(erpInvoices.number, number))
    .for('update', { of: erpInvoices })
  return row ?? null
}

export type PdfWrite = {
  invoiceId: number
  bytes: Buffer
  sha256: string
  contentType: string
  source: 'upload' | 'url'
  storedAt: Date
}

export async function savePdf(db: Db, pdf: PdfWrite) {
  const values = { ...pdf, size: pdf.bytes.length }
  await db
    .insert(erpInvoicePdfs)
    .values(values)
    .onConflictDoUpdate({
      target: erpInvoicePdfs.invoiceId,
      set: {
        bytes: values.bytes,
        size: values.size,
        sha256: values.sha256,
        contentType: values.contentType,
        source: values.source,
        storedAt: values.storedAt,
      },
    })
}

/** An uploaded PDF replaces any download still to make: the ERP has sent the file itself. */
export async function clearPdfFetch(db: Db, invoiceId: number, now: Date) {
  await db
    .update(erpInvoices)
    .set({
      pdfFetchState: null,
      pdfFetchAttempts: 0,
      pdfFetchNextAt: null,
      pdfFetchError: null,
      updatedAt: now,
    })
    .where(eq(erpInvoices.id, invoiceId))
}

export type InvoiceFilter = { customerId: number; from?: string; to?: string }

const filterOf = (filter: InvoiceFilter) =>
  and(
    eq(erpInvoices.customerId, filter.customerId),
    filter.from ? gte(erpInvoices.date, filter.from) : undefined,
    filter.to ? lte(erpInvoices.date, filter.to) : undefined,
  )

export async function countInvoices(db: Db, filter: InvoiceFilter): Promise<number> {
  const [row] = await db.select({ n: count() }).from(erpInvoices).where(filterOf(filter))
  return row?.n ?? 0
}

/** A page of the company's invoices, newest first, with whether each has its PDF (never the bytes). */
export const findInvoicePage = (db: Db, filter: InvoiceFilter, limit: number, offset: number) =>
  db
    .select({
      id: erpInvoices.id,
      number: erpInvoices.number,
      date: erpInvoices.date,
      dueDate: erpInvoices.dueDate,
      ettn: erpInvoices.ettn,
      amount: erpInvoices.amount,
      taxAmount: erpInvoices.taxAmount,
      currency: erpInvoices.currency,
      pdfSize: erpInvoicePdfs.size,
    })
    .from(erpInvoices)
    .leftJoin(erpInvoicePdfs, eq(erpInvoicePdfs.invoiceId, erpInvoices.id))
    .where(filterOf(filter))
    .orderBy(desc(erpInvoices.date), desc(erpInvoices.id))
    .limit(limit)
    .offset(offset)

/** An invoice's PDF; `customerId` limits it to that company's invoices (another's is not found). */
export async function findPdf(db: Db, invoiceId: number, customerId: number | null) {
  const [row] = await db
    .select({
      number: erpInvoices.number,
      bytes: erpInvoicePdfs.bytes,
      contentType: erpInvoicePdfs.contentType,
      sha256: erpInvoicePdfs.sha256,
    })
    .from(erpInvoicePdfs)
    .innerJoin(erpInvoices, eq(erpInvoices.id, erpInvoicePdfs.invoiceId))
    .where(
      and(
        eq(erpInvoicePdfs.invoiceId, invoiceId),
        customerId === null ? undefined : eq(erpInvoices.customerId, customerId),
      ),
    )
  return row ?? null
}

export const customerExists = async (db: Db, id: number) =>
  (await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id))).length > 0

export type ClaimedPdf = { id: number; url: string; attempts: number }

/**
 * The next PDF due for download, claimed until `leaseUntil` (FOR UPDATE SKIP LOCKED, so two processes
 * never take the same one) with its attempt counted.
 */
export async function claimDuePdf(db: Db, now: Date, leaseUntil: Date): Promise<ClaimedPdf | null> {
  const [row] = await rows<ClaimedPdf>(
    db,
    sql`update erp_invoices set pdf_fetch_attempts = pdf_fetch_attempts + 1, pdf_fetch_next_at = ${leaseUntil}
      where id = (select id from erp_invoices where pdf_fetch_state = 'pending' and pdf_fetch_next_at <= ${now}
          order by pdf_fetch_next_at, id limit 1 for update skip locked)
        and pdf_fetch_state = 'pending'
      returning id, pdf_url as url, pdf_fetch_attempts as attempts`,
  )
  return row ?? null
}

/** The claim still holds: the same address at the attempt it counted (the ERP may have sent another). */
const stillClaimed = (claim: ClaimedPdf) =>
  and(
    eq(erpInvoices.id, claim.id),
    eq(erpInvoices.pdfUrl, claim.url),
    eq(erpInvoices.pdfFetchAttempts, claim.attempts),
    eq(erpInvoices.pdfFetchState, 'pending'),
  )

/** Marks the download done; false when the claim no longer holds (then nothing is to be stored). */
export async function markPdfFetched(db: Db, claim: ClaimedPdf, now: Date): Promise<boolean> {
  const done = await db
    .update(erpInvoices)
    .set({ pdfFetchState: 'fetched', pdfFetchNextAt: null, pdfFetchError: null, updatedAt: now })
    .where(stillClaimed(claim))
    .returning({ id: erpInvoices.id })
  return done.length > 0
}

export async function markPdfFetchFailed(db: Db, claim: ClaimedPdf, error: string, next: Date | null) {
  await db
    .update(erpInvoices)
    .set({ pdfFetchState: next ? 'pending' : 'failed', pdfFetchNextAt: next, pdfFetchError: error })
    .where(stillClaimed(claim))
}
