import { Button, Group, TextInput } from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { useTranslation } from '../../i18n/use-translation'
import type { StatementRange } from './statement-api'

/**
 * Two native date inputs (typed or picked, keyboard included) and "Uygula". A start after the end is
 * refused here, before any call; the server refuses a range over two years with its own text.
 */
export function StatementFilter({
  value,
  shown,
  onApply,
}: {
  /** The range in the address (empty: the default). */
  value: StatementRange
  /** The range the answer covers, to fill empty inputs with. */
  shown: StatementRange | undefined
  onApply: (range: StatementRange) => void
}) {
  const { t } = useTranslation()
  const [from, setFrom] = useState(value.from)
  const [to, setTo] = useState(value.to)
  const [error, setError] = useState<string | null>(null)

  // The default range is decided by the server: once it answers, the empty inputs show it.
  useEffect(() => {
    if (!shown) return
    setFrom((current) => current || shown.from)
    setTo((current) => current || shown.to)
  }, [shown])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (from && to && from > to) {
      setError(t('statement.filter.reversed'))
      return
    }
    setError(null)
    onApply({ from, to })
  }

  return (
    <form onSubmit={submit} aria-label={t('statement.filter.label')} data-testid="statement-filter">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <TextInput
          type="date"
          label={t('statement.filter.from')}
          value={from}
          onChange={(event) => setFrom(event.currentTarget.value)}
          error={error}
          w={180}
        />
        <TextInput
          type="date"
          label={t('statement.filter.to')}
          value={to}
          onChange={(event) => setTo(event.currentTarget.value)}
          w={180}
        />
        <Button type="submit">{t('statement.filter.apply')}</Button>
      </Group>
    </form>
  )
}
