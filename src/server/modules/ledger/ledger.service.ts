import Big from 'big.js'
import { allocate, type Overdue, overdueFrom, settlementOrder } from '../../../domain/ledger'
import { type LedgerText, ledgerText } from '../../../domain/ledger-text'
import type { Amount } from '../../../domain/pricing'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import {
  findOpenDebits,
  findOverdueParts,
  insertEntry,
  insertSettlements,
  lockLedgerOf,
  lockOpenCredits,
  lockOpenDebits,
  reduceOpen,
} from './ledger.repository'

/*
 * The dealer's current account, written only through these functions, each inside the caller's
 * transaction (`tx`). Every write locks the company's row first, so two payments (or a payment and an
 * order) of one company run one after the other and never settle the same kuruş twice. The rule they
 * keep: a company never has open debits and unapplied credits at once — a credit settles open debits
 * (chosen ones first, then the one due first), and a new debit first consumes unapplied credits.
 */

export type DebitKind = 'opening' | 'invoice' | 'order' | 'transfer_reversal' | 'card_refund'
export type CreditKind = 'card_payment' | 'bank_transfer' | 'order_cancel'

/** A positive amount with at most 2 decimals, as text for the NUMERIC columns; anything else is refused. */
function validAmount(amount: Amount): Big {
  let value: Big
  try {
    value = new Big(amount)
  } catch {
    throw invalidAmount()
  }
  if (value.lte(0) || !value.round(2, Big.roundDown).eq(value) || value.gte('1e16')) throw invalidAmount()
  return value
}

/**
 * The system's own words are kept as data (read in each reader's language) and, for whoever reads the
 * table directly (an ERP export), in Turkish too.
 */
const descriptionColumns = (description: string | LedgerText | undefined) =>
  typeof description === 'object'
    ? { description: ledgerText(description, 'tr'), descriptionText: description }
    : { description: description ?? '', descriptionText: null }

const invalidAmount = () => new AppError('validation', 'ledger.invalidAmount', undefined, 'invalid_amount')

/** Locks the company's ledger for a write made of several steps (404 for an unknown company). */
export async function lockCompany(tx: Db, customerId: number) {
  if (!(await lockLedgerOf(tx, customerId))) {
    throw new AppError('not_found', 'ledger.unknownCustomer', undefined, 'unknown_customer')
  }
}

/**
 * Books a debit (an opening balance, an invoice, an order). Unapplied credits of the company settle it
 * at once, oldest first; what is left stays open until its due date and after.
 */
export async function recordDebit(
  tx: Db,
  input: {
    customerId: number
    kind: DebitKind
    amount: Amount
    documentNo: string
    /** Free text (typed by staff, sent by the ERP), or the system's own words (`text`). */
    description?: string | LedgerText
    entryDate: string
    dueDate: string
    orderId?: number | null
    createdByUserId?: number | null
    /** A reversal's debit: the bank transfer it takes back. */
    reversesEntryId?: number | null
  },
): Promise<{ entryId: number }> {
  const amount = validAmount(input.amount)
  await lockCompany(tx, input.customerId)
  const credits = await lockOpenCredits(tx, input.customerId)
  const { settlements, remaining } = allocate(amount, credits)
  const entryId = await insertEntry(tx, {
    customerId: input.customerId,
    kind: input.kind,
    documentNo: input.documentNo,
    ...descriptionColumns(input.description),
    entryDate: input.entryDate,
    dueDate: input.dueDate,
    debit: amount.toFixed(2),
    openAmount: remaining.toFixed(2),
    orderId: input.orderId ?? null,
    createdByUserId: input.createdByUserId ?? null,
    reversesEntryId: input.reversesEntryId ?? null,
  })
  for (const s of settlements) await reduceOpen(tx, s.id, s.amount.toFixed(2))
  await insertSettlements(
    tx,
    settlements.map((s) => ({ creditEntryId: s.id, debitEntryId: entryId, amount: s.amount.toFixed(2) })),
  )
  return { entryId }
}

/** An order's debit: document number = order number, due on `dueDate`. */
export async function recordOrderDebit(
  tx: Db,
  input: {
    customerId: number
    orderId: number
    orderNo: string
    amount: Amount
    entryDate: string
    dueDate: string
    description?: string | LedgerText
  },
): Promise<{ entryId: number }> {
  return recordDebit(tx, {
    customerId: input.customerId,
    kind: 'order',
    amount: input.amount,
    documentNo: input.orderNo,
    description: input.description ?? '',
    entryDate: input.entryDate,
    dueDate: input.dueDate,
    orderId: input.orderId,
  })
}

/**
 * Books a credit (a card payment, a bank transfer) and settles open debits with it: first
 * `settleEntryIds` in the order given, then the others, the one due first first. Ids that are not an
 * open debit of this company (paid meanwhile, another company's) are passed over: the money is taken
 * already, so it settles what is open. What is left stays on the credit as its open amount, and the
 * company's next debit consumes it.
 */
export async function recordCredit(
  tx: Db,
  input: {
    customerId: number
    kind: CreditKind
    amount: Amount
    documentNo: string
    description: string | LedgerText
    entryDate: string
    paymentIntentId?: string | null
    createdByUserId?: number | null
    settleEntryIds: readonly number[]
  },
): Promise<{ entryId: number }> {
  const amount = validAmount(input.amount)
  await lockCompany(tx, input.customerId)
  const debits = await lockOpenDebits(tx, input.customerId)
  const { settlements, remaining } = allocate(amount, settlementOrder(debits, input.settleEntryIds))
  const entryId = await insertEntry(tx, {
    customerId: input.customerId,
    kind: input.kind,
    documentNo: input.documentNo,
    ...descriptionColumns(input.description),
    entryDate: input.entryDate,
    dueDate: null,
    credit: amount.toFixed(2),
    openAmount: remaining.toFixed(2),
    paymentIntentId: input.paymentIntentId ?? null,
    createdByUserId: input.createdByUserId ?? null,
  })
  for (const s of settlements) await reduceOpen(tx, s.id, s.amount.toFixed(2))
  await insertSettlements(
    tx,
    settlements.map((s) => ({ creditEntryId: entryId, debitEntryId: s.id, amount: s.amount.toFixed(2) })),
  )
  return { entryId }
}

/**
 * A card-paid order cancelled and its payment refunded by the bank: two entries of the amount, today,
 * that give the money back without rewriting the booked ones — a debit (`card_refund`, under the card
 * payment's document number) for the money the dealer got back, and a credit (`order_cancel`, under
 * the order number, with staff's reason) for the order they no longer owe. Each settles the other at
 * once, so nothing is left open, the balance is back where it was before the order, and the rule (no
 * open debits and unapplied credits at once) holds whatever the company had open. Once per payment:
 * the unique (payment_intent_id, kind) index refuses a second refund of the same payment.
 */
export async function recordCardRefund(
  tx: Db,
  input: {
    customerId: number
    orderId: number
    orderNo: string
    amount: Amount
    paymentIntentId: string
    /** The card payment's document number (its credit's). */
    paymentDocumentNo: string
    card: string
    reason: string
    entryDate: string
    createdByUserId: number | null
  },
): Promise<{ debitId: number; creditId: number }> {
  const amount = validAmount(input.amount).toFixed(2)
  await lockCompany(tx, input.customerId)
  const common = {
    customerId: input.customerId,
    entryDate: input.entryDate,
    orderId: input.orderId,
    paymentIntentId: input.paymentIntentId,
    createdByUserId: input.createdByUserId,
    openAmount: '0',
  }
  const refundText: LedgerText = { key: 'card_refund', card: input.card, orderNo: input.orderNo }
  const debitId = await insertEntry(tx, {
    ...common,
    kind: 'card_refund',
    documentNo: input.paymentDocumentNo,
    ...descriptionColumns(refundText),
    dueDate: input.entryDate,
    debit: amount,
  })
  const cancelText: LedgerText = { key: 'order_cancel', orderNo: input.orderNo, reason: input.reason }
  const creditId = await insertEntry(tx, {
    ...common,
    kind: 'order_cancel',
    documentNo: input.orderNo,
    ...descriptionColumns(cancelText),
    dueDate: null,
    credit: amount,
  })
  await insertSettlements(tx, [{ creditEntryId: creditId, debitEntryId: debitId, amount }])
  return { debitId, creditId }
}

/** The document number of a card payment's ledger entries: 'KK-' and its intent id's first 12 characters. */
export const cardPaymentDocumentNo = (intentId: string) => `KK-${intentId.slice(0, 12).toUpperCase()}`

/**
 * The chosen items of a payment, checked before the card is charged: each must be an open debit of
 * the company (else 400 `not_open`). Answers them with the sum still open, in the order given.
 */
export async function checkSettleable(
  db: Db,
  customerId: number,
  ids: readonly number[],
): Promise<{ items: Array<{ id: number; documentNo: string; open: string }>; total: Big }> {
  const unique = [...new Set(ids)]
  const rows = await findOpenDebits(db, customerId, unique)
  if (rows.length !== unique.length) {
    throw new AppError('validation', 'ledger.notOpen', undefined, 'not_open')
  }
  const byId = new Map(rows.map((r) => [r.id, r]))
  const items = unique.map((id) => {
    const row = byId.get(id)!
    return { id, documentNo: row.documentNo, open: row.open }
  })
  return { items, total: items.reduce((sum, item) => sum.plus(item.open), new Big(0)) }
}

/**
 * The company's overdue balance and its age on `today` (domain overdueFrom), from one statement on the
 * partial indexes of open debits and open credits.
 */
export async function overdueOf(db: Db, customerId: number, today: string): Promise<Overdue> {
  return overdueFrom(await findOverdueParts(db, customerId, today), today)
}
