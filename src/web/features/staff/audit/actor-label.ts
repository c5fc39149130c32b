import type { TFunction } from 'i18next'
import type { AuditRow } from '../../../../contracts/audit'

/** Who made a change, as the trail reads it: a person's name, "API anahtarı: Logo ERP", or "Sistem". */
export function actorLabel(t: TFunction, actor: AuditRow['actor']): string {
  if (actor.apiKey) return t('staffAudit.apiKeyActor', { name: actor.name })
  return actor.name || t('staffAudit.system')
}
