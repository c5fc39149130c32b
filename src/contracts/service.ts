import { z } from 'zod'

/** A fault report's life: filed, taken into service, done (staff move it). */
export const faultReportStatuses = ['new', 'in_service', 'done'] as const
export const FaultReportStatus = z.enum(faultReportStatuses)
export type FaultReportStatus = z.infer<typeof FaultReportStatus>
