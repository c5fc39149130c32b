import { Alert, Grid, Stack, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { useCallback, useEffect, useRef, useState } from 'react'
import { DealerGate } from '../../components/DealerGate'
import { AlertIcon } from '../../components/icons/Icons'
import { ListPagination } from '../../components/ListPagination'
import { useTranslation } from '../../i18n/use-translation'
import { describeError } from '../../lib/error-message'
import { useFocusRescue } from '../../lib/page-heading'
import { usePageTitle } from '../../lib/use-page-title'
import { usePhoneLayout } from '../../lib/use-phone-layout'
import { AddBar } from './components/AddBar'
import { AddResult } from './components/AddResult'
import { HowTo } from './components/HowTo'
import { LinesInput } from './components/LinesInput'
import { PreviewCards } from './components/PreviewCards'
import { PreviewTable } from './components/PreviewTable'
import { type PreviewInput, useQuickOrder } from './hooks/use-quick-order'
import { countRows, type Row, readyTotal } from './quick-order-rows'

/**
 * Lines drawn at once. Each line is a few dozen Mantine components: a page of 100 took 0.7 s of script
 * to swap on a fast desktop, so a 1,000-line preview is shown 50 at a time.
 */
const PAGE_SIZE = 50

function QuickOrder() {
  const { t } = useTranslation()
  const phone = usePhoneLayout()
  const order = useQuickOrder()
  const { rows, preview, recheck, remove, outcome } = order
  const [text, setText] = useState('')
  const [page, setPage] = useState(1)
  // The lines that had problems when "only problems" was switched on: a line fixed meanwhile stays in
  // view (rather than vanishing under the focus) until the switch is used again.
  const [problemKeys, setProblemKeys] = useState<Set<number> | null>(null)
  const textarea = useRef<HTMLTextAreaElement>(null)
  const result = useRef<HTMLDivElement>(null)
  const linesTop = useRef<HTMLDivElement>(null)
  // Another page of lines is read from its top; the focus stays on the page's button.
  const changePage = (next: number) => {
    setPage(next)
    requestAnimationFrame(() => linesTop.current?.scrollIntoView({ block: 'start' }))
  }

  const shown = problemKeys ? rows.filter((r) => problemKeys.has(r.key)) : rows
  const pages = Math.max(1, Math.ceil(shown.length / PAGE_SIZE))
  const current = Math.min(page, pages)
  const visible = shown.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE)
  const counts = countRows(rows)
  // A line taken out or a page emptied under the focus: the heading gets it.
  useFocusRescue(visible.length)

  const run = (input: PreviewInput) => {
    const go = () => {
      setPage(1)
      setProblemKeys(null)
      preview.mutate(input)
    }
    if (!order.touched || rows.length === 0) return go()
    // The fixes made in the table would be replaced by the new preview's lines.
    modals.openConfirmModal({
      title: t('quickOrder.input.replaceTitle'),
      centered: true,
      children: <Text size="sm">{t('quickOrder.input.replaceText')}</Text>,
      labels: { confirm: t('quickOrder.input.replaceConfirm'), cancel: t('common.cancel') },
      onConfirm: go,
    })
  }

  // Callbacks of a stable identity, so a fix re-draws only its own line.
  const visibleNow = useRef<Row[]>(visible)
  visibleNow.current = visible
  const removeLine = useCallback(
    (key: number) => {
      const lines = visibleNow.current
      const index = lines.findIndex((r) => r.key === key)
      const next = lines[index + 1] ?? lines[index - 1]
      remove(key)
      // The focus goes to the next line's remove button (the previous one's at the end), so lines can be
      // taken out one after another; with none left, to the text.
      setTimeout(() => {
        const target = next
          ? document.querySelector<HTMLElement>(`[data-remove-line="${next.key}"]`)
          : textarea.current
        target?.focus()
      }, 0)
    },
    [remove],
  )

  // The add's outcome is read at once: the focus goes to it.
  useEffect(() => {
    if (outcome) result.current?.focus()
  }, [outcome])
  // Everything went in: the list is done, the text too.
  useEffect(() => {
    if (outcome && rows.length === 0) setText('')
  }, [outcome, rows.length])

  const busy = preview.isPending ? preview.variables.kind : null
  const Lines = phone ? PreviewCards : PreviewTable
  return (
    <Stack gap="lg">
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: rows.length > 0 ? 12 : 7 }}>
          <LinesInput
            text={text}
            onText={setText}
            onPreviewText={() => run({ kind: 'text', text })}
            onPreviewFile={(file) => run({ kind: 'file', file })}
            busy={busy}
            uploaded={order.uploaded}
            error={preview.error}
            textareaRef={textarea}
            compact={rows.length > 0}
          />
        </Grid.Col>
        {rows.length === 0 && (
          <Grid.Col span={{ base: 12, md: 5 }}>
            <HowTo />
          </Grid.Col>
        )}
      </Grid>
      {outcome && <AddResult ref={result} outcome={outcome} onClose={order.clearOutcome} />}
      {order.add.isError && (
        <Alert color="red" icon={<AlertIcon />} role="alert" title={t('quickOrder.addFailed')}>
          {describeError(order.add.error, t)}
        </Alert>
      )}
      {rows.length > 0 && (
        <Stack
          ref={linesTop}
          gap="sm"
          aria-busy={busy !== null || undefined}
          // Clear of the sticky header (two rows on a phone) when scrolled to.
          style={{ scrollMarginTop: 130, ...(busy ? { opacity: 0.6 } : {}) }}
        >
          <AddBar
            counts={counts}
            total={readyTotal(rows)}
            adding={order.add.isPending}
            onAdd={order.addReady}
            onlyProblems={problemKeys !== null}
            onOnlyProblems={(on) => {
              setPage(1)
              setProblemKeys(
                on
                  ? new Set(rows.filter((r) => r.answer.status === 'problem' || r.refused).map((r) => r.key))
                  : null,
              )
            }}
          />
          <Lines rows={visible} onEdit={recheck} onRemove={removeLine} />
          <ListPagination page={current} pages={pages} onChange={changePage} />
        </Stack>
      )}
    </Stack>
  )
}

/**
 * /hizli-siparis — a dealer pastes lines of code, quantity and unit (or picks a CSV or XLSX file),
 * previews them with each line's product, price, stock and problems, fixes the problems in place and
 * adds the ready lines to the cart in one go.
 */
export function QuickOrderPage() {
  const { t } = useTranslation()
  usePageTitle(t('quickOrder.title'))
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('quickOrder.title')}
        </Title>
        <Text c="gray.7">{t('quickOrder.intro')}</Text>
      </Stack>
      <DealerGate adminTitle={t('quickOrder.adminTitle')} adminText={t('quickOrder.adminText')}>
        <QuickOrder />
      </DealerGate>
    </Stack>
  )
}
