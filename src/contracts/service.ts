import { z } from 'zod'
import { DB_INT_MAX, dbIdFromText, inputText } from './common'

/** A fault report's life: filed, taken into service, done (staff move it). */
export const faultReportStatuses = ['new', 'in_service', 'done'] as const
export const FaultReportStatus = z.enum(faultReportStatuses)
export type FaultReportStatus = z.infer<typeof FaultReportStatus>

const idSchema = dbIdFromText
const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1).default(1)

/** The fault report picker (spec/2 §2, §7): a category's subcategories and its products. */
export const FAULT_PICKER_PRODUCTS_LIMIT = 500

/** GET /api/catalog/faultreport/basecategories/{categoryId} and …/product/{categoryId}; 0 = the roots. */
export const faultPickerParamsSchema = z.object({
  categoryId: z.coerce.number().int().min(0).max(DB_INT_MAX),
})

export const faultCategorySchema = z.object({ id: z.number(), name: z.string() })
export type FaultCategory = z.infer<typeof faultCategorySchema>
export const faultCategoryListSchema = z.array(faultCategorySchema)

export const faultProductSchema = z.object({ id: z.number(), code: z.string(), name: z.string() })
export type FaultProduct = z.infer<typeof faultProductSchema>
export const faultProductListSchema = z.array(faultProductSchema)

/**
 * POST /api/catalog/fault-reports, multipart: the typed fields as text, the photo as a file (read
 * into bytes). Bounded here only as text; what each field must be (domain/fault-report.ts) is checked
 * by the service, so every wrong field is named at once in the user's language.
 */
export const faultReportFormSchema = z.strictObject({
  productCode: inputText().max(1000).default(''),
  serialNumber: inputText().max(1000).default(''),
  description: inputText({ multiline: true }).max(20_000).default(''),
  contactPhone: inputText().max(1000).default(''),
  photo: z
    .custom<Uint8Array>((value) => value instanceof Uint8Array, { message: 'a file' })
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 5 MB' }),
})
export type FaultReportForm = z.infer<typeof faultReportFormSchema>

/** A report as its dealer sees it in the list. */
export const faultReportSchema = z.object({
  id: z.number(),
  reportNo: z.string(),
  createdAt: z.string(),
  productCode: z.string(),
  /** The product's current name; null when the product has since been deleted. */
  productName: z.string().nullable(),
  serialNumber: z.string().nullable(),
  description: z.string(),
  contactPhone: z.string(),
  status: FaultReportStatus,
  hasPhoto: z.boolean(),
  /** The latest note staff wrote for the dealer; null while there is none. */
  staffNote: z.string().nullable(),
  /** Each status step, oldest first, with the note staff gave with it. */
  history: z.array(
    z.object({
      from: FaultReportStatus,
      to: FaultReportStatus,
      note: z.string().nullable(),
      at: z.string(),
    }),
  ),
})
export type FaultReport = z.infer<typeof faultReportSchema>

export const faultReportCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  report: faultReportSchema,
})
export type FaultReportCreated = z.infer<typeof faultReportCreatedSchema>

const listOf = <T extends z.ZodTypeAny>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number(),
    pages: z.number(),
    limit: z.number(),
    total: z.number(),
  })

/** GET /api/catalog/fault-reports?page= — the dealer company's reports, newest first. */
export const FAULT_REPORTS_PAGE_SIZE = 20
export const faultReportsQuerySchema = z.object({ page: pageSchema })
export const faultReportListSchema = listOf(faultReportSchema)
export type FaultReportList = z.infer<typeof faultReportListSchema>

export const faultReportIdParamsSchema = z.object({ id: idSchema })

/** GET /yonetim/fault-reports?status=&page= — every dealer's reports, newest first. */
export const ADMIN_FAULT_REPORTS_PAGE_SIZE = 50
export const adminFaultReportsQuerySchema = z.object({
  status: FaultReportStatus.optional(),
  page: pageSchema,
})

export const adminFaultReportSchema = faultReportSchema.extend({
  dealer: z.object({ id: z.number(), code: z.string(), name: z.string() }),
  /** Who filed it; null when that user has since been deleted. */
  userName: z.string().nullable(),
  updatedAt: z.string(),
})
export type AdminFaultReport = z.infer<typeof adminFaultReportSchema>
export const adminFaultReportListSchema = listOf(adminFaultReportSchema)
export type AdminFaultReportList = z.infer<typeof adminFaultReportListSchema>

export const FAULT_NOTE_MAX = 1000

/**
 * PATCH /yonetim/fault-reports/:id — one step along new → in_service → done, or one step back, with
 * an optional note the dealer reads (and is mailed); the same status with a new note adds the note.
 */
export const faultReportStatusBodySchema = z.strictObject({
  status: FaultReportStatus,
  note: inputText({ multiline: true }).trim().max(FAULT_NOTE_MAX).optional(),
})
export type FaultReportStatusBody = z.input<typeof faultReportStatusBodySchema>
export const faultReportStatusResponseSchema = z.object({
  id: z.number(),
  status: FaultReportStatus,
  staffNote: z.string().nullable(),
  updatedAt: z.string(),
})
export type FaultReportStatusResponse = z.infer<typeof faultReportStatusResponseSchema>
