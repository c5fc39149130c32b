import { Group, Pagination } from '@mantine/core'
import { useEffect, useRef } from 'react'
import { paginationWindow } from '../../domain/listing'
import { useTranslation } from '../i18n/use-translation'

export interface ListPaginationProps {
  page: number
  pages: number
  onChange: (page: number) => void
  disabled?: boolean
}

/**
 * Page buttons by the domain's window: every page below 11 pages, else the first and last page, a
 * window around the current one and an ellipsis for each gap. Nothing when there is one page.
 */
export function ListPagination({ page, pages, onChange, disabled }: ListPaginationProps) {
  const { t } = useTranslation()
  const nav = useRef<HTMLDivElement>(null)
  // "Next" on the last page but one, or "Previous" on the second, becomes disabled under the focus,
  // which then falls to <body>: it goes to the current page's button instead (without scrolling back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => {
    const active = document.activeElement
    const lost = !active || active === document.body
    const onDisabled = active instanceof HTMLButtonElement && active.disabled && nav.current?.contains(active)
    if (lost || onDisabled)
      nav.current?.querySelector<HTMLElement>('[aria-current="page"]')?.focus({ preventScroll: true })
  }, [page])
  if (pages <= 1) return null
  const items = paginationWindow(page, pages)
  return (
    <Group ref={nav} component="nav" aria-label={t('catalog.pagination')} justify="center" mt="lg">
      <Pagination.Root total={pages} value={page} onChange={onChange} disabled={disabled} size="md">
        <Group gap={6} justify="center">
          <Pagination.Previous aria-label={t('catalog.previousPage')} />
          {items.map((item, index) =>
            item === 'ellipsis' ? (
              // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place
              <Pagination.Dots key={`dots-${index}`} />
            ) : (
              <Pagination.Control
                key={item}
                active={item === page}
                aria-current={item === page ? 'page' : undefined}
                aria-label={t('catalog.page', { page: item })}
                onClick={() => onChange(item)}
              >
                {item}
              </Pagination.Control>
            ),
          )}
          <Pagination.Next aria-label={t('catalog.nextPage')} />
        </Group>
      </Pagination.Root>
    </Group>
  )
}
