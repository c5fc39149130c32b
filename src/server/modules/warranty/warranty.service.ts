import type { WarrantyInquiryResponse, WarrantyMovement } from '../../../contracts/warranty'
import { ledgerDay } from '../../../domain/ledger'
import {
  checkSerialNumber,
  formatDayTr,
  isSaleMovement,
  oneOrList,
  warrantyDaysLeft,
  warrantyEndDay,
} from '../../../domain/warranty'
import type { Db } from '../../db/client'
import { AppError } from '../../http/errors'
import {
  findSerial,
  insertMovements,
  insertSerial,
  latestMovements,
  type MovementRow,
  type SerialRow,
} from './warranty.repository'

/** The most movements one answer carries (the latest ones). */
export const MAX_WARRANTY_MOVEMENTS = 100

export type WarrantyContext = { db: Db; now: () => Date }

/** Who asks: an administrator sees every document, a dealer only those of sales to its own company. */
export type WarrantyAsker = { role: 'dealer' | 'admin'; customerId: number | null }

const serialError = (reason: 'required' | 'invalid') => {
  const key = reason === 'required' ? 'warranty.serialRequired' : 'warranty.invalidSerial'
  return new AppError('validation', key, undefined, 'invalid_serial', { serialNumber: { key } })
}

/** The serial number to look up, or the validation error (400) saying what is wrong with it. */
function serialOf(raw: string): string {
  const check = checkSerialNumber(raw)
  if (!check.ok) throw serialError(check.reason)
  return check.serial
}

const seesDocuments = (asker: WarrantyAsker, serial: SerialRow) =>
  asker.role === 'admin' || (asker.customerId !== null && asker.customerId === serial.customerId)

/**
 * POST /api/catalog/WarrantyInquiry (spec/2 §3, §8): the days of warranty left and the serial's
 * movements. A serial not in the registry: 'Aradığınız ürüne ait bilgi bulunamadı.' (404
 * serial_not_found); one without a sale date or without a SATIŞ movement: the spec's "no sale on
 * record" text (404 no_sale). Two indexed queries.
 */
export async function inquireWarranty(
  ctx: WarrantyContext,
  asker: WarrantyAsker,
  rawSerial: string,
): Promise<WarrantyInquiryResponse> {
  const serial = await findSerial(ctx.db, serialOf(rawSerial))
  if (!serial) throw new AppError('not_found', 'warranty.notFound', undefined, 'serial_not_found')
  const movements = serial.saleDate ? await latestMovements(ctx.db, serial.id, MAX_WARRANTY_MOVEMENTS) : []
  if (!serial.saleDate || !movements.some((m) => isSaleMovement(m.status))) {
    throw new AppError('not_found', 'warranty.noSale', undefined, 'no_sale')
  }
  const documents = seesDocuments(asker, serial)
  const hareket: WarrantyMovement[] = movements.map((m) => ({
    tarih: formatDayTr(m.movedOn),
    durum: m.status,
    belgeNo: documents ? m.documentNo : null,
  }))
  return {
    success: true,
    data: {
      garantiSuresi: warrantyDaysLeft(serial.saleDate, serial.warrantyMonths, ledgerDay(ctx.now())),
      hareket: oneOrList(hareket),
      seriNo: serial.serialNumber,
      garantiBitis: formatDayTr(warrantyEndDay(serial.saleDate, serial.warrantyMonths)),
      urun:
        serial.productCode && serial.productName
          ? { code: serial.productCode, name: serial.productName }
          : null,
    },
  }
}

export type SerialRegistration = {
  serialNumber: string
  productId: number | null
  customerId: number | null
  /** The sale the warranty counts from; null while the serial has not been sold. */
  saleDate: string | null
  warrantyMonths: number
  movements: MovementRow[]
}

/**
 * Adds a serial and its movements to the registry in one transaction (the demo data now, an ERP
 * import later); the number is stored as a lookup reads it. Answers the serial's id.
 */
export async function registerSerial(db: Db, registration: SerialRegistration): Promise<number> {
  const { movements, ...serial } = registration
  const serialNumber = serialOf(serial.serialNumber)
  return db.transaction(async (tx) => {
    const id = await insertSerial(tx, { ...serial, serialNumber })
    await insertMovements(tx, id, movements)
    return id
  })
}
