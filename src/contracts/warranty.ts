import { z } from 'zod'
import { inputText } from './common'

/**
 * POST /api/catalog/WarrantyInquiry (spec/2 §7): form data (multipart or urlencoded) or JSON
 * serialNumber. The contract bounds what is read and refuses control characters; what a serial number
 * may contain (domain/warranty.ts) is the service's check, with its own words.
 */
export const warrantyInquiryRequestSchema = z.strictObject({
  serialNumber: inputText().max(200),
})
export type WarrantyInquiryRequest = z.infer<typeof warrantyInquiryRequestSchema>

/**
 * One movement of the serial (spec/2 §3): tarih dd.MM.yyyy, durum the ERP's status word ('SATIŞ',
 * 'SERVİS GİRİŞ'…), belgeNo the document. belgeNo is null for a dealer asking about a product sold to
 * another company: the serial is public, that company's documents are not (docs/decisions.md).
 */
export const warrantyMovementSchema = z.object({
  tarih: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
  durum: z.string(),
  belgeNo: z.string().nullable(),
})
export type WarrantyMovement = z.infer<typeof warrantyMovementSchema>

/**
 * The answer (spec/2 §3): garantiSuresi, days of warranty left (0 the last day, negative: ran out that
 * many days ago), and hareket, the movements oldest first: one object when there is exactly one, else
 * a list. Our additions: the serial as read, the product it belongs to, and the warranty's last day.
 */
export const warrantyInquiryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    garantiSuresi: z.number().int(),
    hareket: z.union([warrantyMovementSchema, z.array(warrantyMovementSchema)]),
    seriNo: z.string(),
    garantiBitis: z.string().regex(/^\d{2}\.\d{2}\.\d{4}$/),
    urun: z.object({ code: z.string(), name: z.string() }).nullable(),
  }),
})
export type WarrantyInquiryResponse = z.infer<typeof warrantyInquiryResponseSchema>
export type WarrantyAnswer = WarrantyInquiryResponse['data']
