import { isAuditEntity } from '../../../../domain/audit'
import { dayParam, positiveParam, useUrlFilters } from '../url-filters'
import type { AuditFilters } from './audit-api'

const ENTITY_ID = /^[\w.@-]{1,80}$/

/** The address's filters, each read leniently: a value that is not one reads as not given. */
export function auditFiltersOf(search: URLSearchParams): AuditFilters {
  const entity = search.get('entity')
  const entityId = (search.get('entityId') ?? '').trim()
  return {
    entity: isAuditEntity(entity) ? entity : null,
    entityId: ENTITY_ID.test(entityId) ? entityId : null,
    userId: positiveParam(search, 'userId'),
    from: dayParam(search, 'from'),
    to: dayParam(search, 'to'),
    page: positiveParam(search, 'page') ?? 1,
  }
}

/** The filters as an address's query, defaults left out. */
export function auditSearchOf(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams()
  if (filters.entity) params.set('entity', filters.entity)
  if (filters.entityId) params.set('entityId', filters.entityId)
  if (filters.userId) params.set('userId', String(filters.userId))
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  if (filters.page > 1) params.set('page', String(filters.page))
  return params
}

/** The audit trail's filters and page, kept in the address; a new filter starts at the first page. */
export function useAuditFilters() {
  return useUrlFilters(auditFiltersOf, auditSearchOf)
}
