import { Group, Loader, Switch } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from '../../../i18n/use-translation'
import { queryKeys } from '../../../lib/query-keys'
import { useSession } from '../../../lib/session-context'
import { saveListPreference } from '../api/catalog-api'

/** The spec's minimum time the spinner shows while the preference is saved (spec/1 §9). */
export const STOCK_TOGGLE_MIN_MS = 1000

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

/**
 * "Only products in stock": stores showNotInStocks ('0' = in stock only) with a spinner for at least a
 * second, then the list is fetched again. A failure is logged and the switch stays as it was. The switch
 * keeps the focus throughout.
 */
export function StockOnlyToggle() {
  const { t } = useTranslation()
  const { preferences, updatePreferences } = useSession()
  const queryClient = useQueryClient()
  const [saving, setSaving] = useState(false)
  const stockOnly = preferences.showNotInStocks === '0'

  const change = async (checked: boolean) => {
    // Not `disabled` while saving: that would drop the keyboard user's focus to <body>. A change
    // during the save is ignored instead, and the switch reads as busy.
    if (saving) return
    const value = checked ? '0' : '1'
    setSaving(true)
    try {
      await Promise.all([saveListPreference({ key: 'showNotInStocks', value }), wait(STOCK_TOGGLE_MIN_MS)])
      // The preference is part of the list's key: this list fetches again at once; other lists in the
      // cache are only marked stale.
      updatePreferences({ showNotInStocks: value })
      await queryClient.invalidateQueries({ queryKey: queryKeys.productLists(), refetchType: 'none' })
    } catch (error) {
      console.error('The stock-only preference could not be saved', error)
    } finally {
      setSaving(false)
    }
  }

  return (
    <Group gap="xs" wrap="nowrap">
      <Switch
        label={t('catalog.stockOnly')}
        checked={stockOnly}
        aria-busy={saving || undefined}
        onChange={(event) => change(event.currentTarget.checked)}
      />
      {saving && <Loader size="xs" role="status" aria-label={t('catalog.savingStockOnly')} />}
    </Group>
  )
}
