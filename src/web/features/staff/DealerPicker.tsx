import { Select } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { type ReactNode, useState } from 'react'
import { useTranslation } from '../../i18n/use-translation'
import { useCustomerSearch } from './payments/payments-admin-api'

/**
 * The dealer picker: types a code or a name, the server answers the first 20 (Turkish letters folded).
 * Typing a new search is a new try: `onSearch` lets a form drop the picker's error then. A dealer
 * chosen before the page opened (from its address) shows as `knownLabel` until a search finds it.
 */
export function DealerPicker(props: {
  label: string
  placeholder: string
  value: string | null
  onChange: (value: string | null) => void
  onSearch?: () => void
  error?: ReactNode
  required?: boolean
  clearable?: boolean
  knownLabel?: string
  testId: string
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [q] = useDebouncedValue(search.trim(), 250)
  const customers = useCustomerSearch(q)
  const [picked, setPicked] = useState<{ value: string; label: string } | null>(null)
  const options = (customers.data?.items ?? []).map((c) => ({
    value: String(c.id),
    label: `${c.code} – ${c.name}`,
  }))
  // The chosen dealer stays a choice while another search runs.
  const chosen =
    picked?.value === props.value
      ? picked
      : props.value && props.knownLabel
        ? { value: props.value, label: props.knownLabel }
        : null
  if (chosen && !options.some((o) => o.value === chosen.value)) options.unshift(chosen)
  return (
    <Select
      label={props.label}
      placeholder={props.placeholder}
      searchable
      required={props.required}
      clearable={props.clearable}
      searchValue={search}
      onSearchChange={(value) => {
        if (value !== search) props.onSearch?.()
        setSearch(value)
      }}
      filter={({ options: all }) => all}
      data={options}
      value={props.value}
      onChange={(value, option) => {
        setPicked(option ?? null)
        props.onChange(value)
      }}
      nothingFoundMessage={
        customers.isFetching ? t('staffPayments.transfer.searching') : t('staffPayments.transfer.noDealer')
      }
      error={props.error}
      data-testid={props.testId}
    />
  )
}
