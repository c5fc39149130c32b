import { Alert, Button, Group, Menu, Modal, NumberInput, Stack, Text } from '@mantine/core'
import { useState } from 'react'
import { STAFF_LIST_COUNT_CAP } from '../../../../contracts/back-office'
import type { BulkProductAction } from '../../../../contracts/staff-products'
import { BusyButton } from '../../../components/BusyButton'
import { AlertIcon, ChevronDownIcon } from '../../../components/icons/Icons'
import { useTranslation } from '../../../i18n/use-translation'
import { isApiError } from '../../../lib/api-error'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'
import { CategorySelect } from './CategorySelect'
import { categoryName, useStaffBrands, useStaffCategories } from './catalogue-refs-api'
import { countText } from './product-format'
import { type StaffProductFilters, useStaffProducts, useStartBulkAction } from './staff-products-api'
import { useProductFilters } from './use-product-filters'

const B = 'staffProducts.bulk'
export type BulkKind = BulkProductAction['kind']
const KINDS: BulkKind[] = ['activate', 'deactivate', 'moveCategory', 'changePrice']

/** The filter in words, as the confirmation names what it changes. */
function useFilterWords(filters: StaffProductFilters): string[] {
  const { t } = useTranslation()
  const { locale } = useSession()
  const categories = useStaffCategories()
  const brands = useStaffBrands()
  const words: string[] = []
  if (filters.q) words.push(t(`${B}.filter.q`, { q: filters.q }))
  if (filters.categoryId !== null) {
    const category = categories.data?.items.find((c) => c.id === filters.categoryId)
    words.push(
      t(`${B}.filter.category`, {
        name: category ? categoryName(category, locale) : `#${filters.categoryId}`,
      }),
    )
  }
  if (filters.brandId !== null) {
    const brand = brands.data?.items.find((b) => b.id === filters.brandId)
    words.push(t(`${B}.filter.brand`, { name: brand?.name ?? `#${filters.brandId}` }))
  }
  if (filters.active !== null)
    words.push(
      t(`${B}.filter.active`, {
        state: t(filters.active ? 'staffProducts.active' : 'staffProducts.inactive'),
      }),
    )
  return words
}

/** A percent typed in the modal: a number from -99 to 1000, not 0. */
const validPercent = (value: number | string): value is number =>
  typeof value === 'number' && value !== 0 && value >= -99 && value <= 1000

function BulkModal({
  kind,
  onClose,
  onStarted,
}: {
  kind: BulkKind
  onClose: () => void
  onStarted: (jobId: number, kind: BulkKind) => void
}) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const { filters } = useProductFilters()
  const list = useStaffProducts(filters)
  const start = useStartBulkAction()
  const words = useFilterWords(filters)
  const [categoryCode, setCategoryCode] = useState<string | null>(null)
  const [percent, setPercent] = useState<number | string>('')
  const [invalid, setInvalid] = useState(false)
  const total = list.data?.total ?? 0
  const matches = list.data?.capped
    ? t(`${B}.matchesMore`, { count: STAFF_LIST_COUNT_CAP, total: countText(STAFF_LIST_COUNT_CAP, locale) })
    : t(`${B}.matches`, { count: total, total: countText(total, locale) })

  const submit = () => {
    if (start.isPending) return
    let action: BulkProductAction
    if (kind === 'moveCategory') {
      if (!categoryCode) return setInvalid(true)
      action = { kind, categoryCode }
    } else if (kind === 'changePrice') {
      if (!validPercent(percent)) return setInvalid(true)
      action = { kind, percent }
    } else {
      action = { kind }
    }
    start.mutate(
      {
        filter: {
          q: filters.q,
          ...(filters.categoryId !== null ? { categoryId: filters.categoryId } : {}),
          ...(filters.brandId !== null ? { brandId: filters.brandId } : {}),
          ...(filters.active !== null ? { active: String(filters.active) as 'true' | 'false' } : {}),
        },
        action,
      },
      { onSuccess: ({ jobId }) => onStarted(jobId, kind) },
    )
  }

  return (
    <Modal
      opened
      onClose={() => {
        if (!start.isPending) onClose()
      }}
      title={t(`${B}.titles.${kind}`)}
      centered
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          submit()
        }}
        data-testid="bulk-confirm"
      >
        <Stack gap="md">
          <Text fw={600} data-testid="bulk-count">
            {matches}
          </Text>
          {words.length > 0 ? (
            <Text size="sm">{t(`${B}.filterIs`, { filter: words.join(' · ') })}</Text>
          ) : (
            <Alert color="yellow" variant="light" icon={<AlertIcon />}>
              {t(`${B}.noFilter`)}
            </Alert>
          )}
          {kind === 'moveCategory' && (
            <CategorySelect
              by="code"
              label={t(`${B}.category`)}
              required
              value={categoryCode}
              onChange={(value) => {
                setCategoryCode(value)
                setInvalid(false)
              }}
              error={invalid ? t(`${B}.categoryRequired`) : null}
              data-autofocus
              data-testid="bulk-category"
            />
          )}
          {kind === 'changePrice' && (
            <NumberInput
              label={t(`${B}.percent`)}
              description={t(`${B}.percentHint`)}
              required
              suffix=" %"
              decimalScale={2}
              decimalSeparator={locale === 'tr' ? ',' : '.'}
              min={-99}
              max={1000}
              clampBehavior="none"
              value={percent}
              onChange={(value) => {
                setPercent(value)
                setInvalid(false)
              }}
              error={invalid ? t(`${B}.percentInvalid`) : null}
              data-autofocus
              data-testid="bulk-percent"
            />
          )}
          <Text size="sm" c="gray.7">
            {t(`${B}.explain.${kind}`)}
          </Text>
          {start.isError && !(isApiError(start.error) && start.error.handled) && (
            <Alert color="red" variant="light" icon={<AlertIcon />} role="alert">
              {describeError(start.error, t)}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={start.isPending}>
              {t(`${B}.cancel`)}
            </Button>
            <BusyButton
              type="submit"
              busy={start.isPending}
              color={kind === 'deactivate' ? 'red' : undefined}
              data-testid="bulk-submit"
            >
              {t(`${B}.confirm`)}
            </BusyButton>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

/**
 * "Toplu işlemler": an action on every product the table's filter matches, confirmed in a modal that
 * says how many that is. The job it starts is followed by BulkProgress.
 */
export function BulkActions({ onStarted }: { onStarted: (jobId: number, kind: BulkKind) => void }) {
  const { t } = useTranslation()
  const { filters } = useProductFilters()
  const list = useStaffProducts(filters)
  const [kind, setKind] = useState<BulkKind | null>(null)
  const nothing = !list.data || list.data.total === 0
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="default"
            rightSection={<ChevronDownIcon size={16} />}
            disabled={nothing}
            data-testid="bulk-menu"
          >
            {t(`${B}.menu`)}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {KINDS.map((k) => (
            <Menu.Item key={k} onClick={() => setKind(k)} data-testid={`bulk-${k}`}>
              {t(`${B}.items.${k}`)}
            </Menu.Item>
          ))}
        </Menu.Dropdown>
      </Menu>
      {kind && (
        <BulkModal
          kind={kind}
          onClose={() => setKind(null)}
          onStarted={(jobId, started) => {
            setKind(null)
            onStarted(jobId, started)
          }}
        />
      )}
    </>
  )
}
