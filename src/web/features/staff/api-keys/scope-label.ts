import { type IntegrationScope, scopeResource } from '../../../../domain/integration-scopes'
import { useTranslation } from '../../../i18n/use-translation'

/** A scope in words ("Siparişler: okuma"), its code beside it so it matches the docs. */
export function useScopeLabel() {
  const { t } = useTranslation()
  return (scope: IntegrationScope) => {
    const direction = scope.endsWith(':read') ? 'read' : 'write'
    return `${t(`apiKeys.resource.${scopeResource(scope)}`)}: ${t(`apiKeys.direction.${direction}`)} (${scope})`
  }
}
