import { useMutation } from '@tanstack/react-query'
import { useCallback, useRef, useState } from 'react'
import type { QuickOrderPreview } from '../../../../contracts/quick-order'
import { useTranslation } from '../../../i18n/use-translation'
import { previewQuickOrder, previewQuickOrderFile, useQuickOrderAdd } from '../../../lib/cart/quick-order-api'
import { describeError } from '../../../lib/error-message'
import {
  afterAdd,
  answered,
  isReady,
  type LineEdit,
  type RefusedLine,
  type Row,
  readyLine,
  recheckText,
  rowsOf,
} from '../quick-order-rows'

export type PreviewInput = { kind: 'text'; text: string } | { kind: 'file'; file: File }

/** What the last add did: lines added, lines refused (with the cart's reason), lines not sent. */
export type AddOutcome = { added: number; refused: RefusedLine[]; leftOut: number }

/**
 * The quick order's state: the preview's rows, each line checked again on its own after a fix, lines
 * taken out, and the ready ones added to the cart in one request. A fix sent while another check of
 * the same line is under way wins: only the latest answer is taken.
 */
export function useQuickOrder() {
  const { t } = useTranslation()
  const [rows, setRowsState] = useState<Row[]>([])
  // The rows as they are now, for callbacks that must not change identity (the rows are memoized).
  const current = useRef<Row[]>([])
  const setRows = useCallback((update: (rows: Row[]) => Row[]) => {
    current.current = update(current.current)
    setRowsState(current.current)
  }, [])
  const nextKey = useRef(1)
  const checks = useRef(0)
  // The table changed since the preview (a fix, a line taken out): a new preview would undo that.
  const [touched, setTouched] = useState(false)
  const [uploaded, setUploaded] = useState<number | null>(null)
  const [outcome, setOutcome] = useState<AddOutcome | null>(null)

  const preview = useMutation({
    mutationFn: (input: PreviewInput): Promise<QuickOrderPreview> => {
      setUploaded(null)
      return input.kind === 'text'
        ? previewQuickOrder(input.text)
        : previewQuickOrderFile(input.file, (fraction) => setUploaded(fraction))
    },
    onSuccess: (answer) => {
      const first = nextKey.current
      nextKey.current += answer.lines.length
      setRows(() => rowsOf(answer, first))
      setTouched(false)
      setOutcome(null)
    },
  })

  const add = useQuickOrderAdd()
  const adding = useRef(false)

  const recheck = useCallback(
    (key: number, edit: LineEdit) => {
      // The lines being added are not changed under the request.
      if (adding.current) return
      const row = current.current.find((r) => r.key === key)
      if (!row) return
      const text = recheckText(row, edit)
      if (text.trim() === '') return
      const id = ++checks.current
      setTouched(true)
      setRows((all) =>
        all.map((r) =>
          r.key === key
            ? { ...r, edit: { ...r.edit, ...edit }, checking: id, failed: null, refused: null }
            : r,
        ),
      )
      const settle = (change: (row: Row) => Row) =>
        setRows((all) => all.map((r) => (r.key === key && r.checking === id ? change(r) : r)))
      previewQuickOrder(text).then(
        (answer) => {
          const line = answer.lines[0]
          settle((r) => (line ? answered(r, line) : { ...r, checking: null, failed: t('errors.generic') }))
        },
        (error: unknown) => settle((r) => ({ ...r, checking: null, failed: describeError(error, t) })),
      )
    },
    [t, setRows],
  )

  const remove = useCallback(
    (key: number) => {
      setTouched(true)
      setRows((all) => all.filter((r) => r.key !== key))
    },
    [setRows],
  )

  const addReady = () => {
    const sent = current.current.filter(isReady)
    if (sent.length === 0 || adding.current) return
    adding.current = true
    const leftOut = current.current.length - sent.length
    add.mutate(sent.map(readyLine), {
      onSuccess: (answer) => {
        const after = afterAdd(current.current, sent, answer)
        setRows(() => after.rows)
        setOutcome({ added: answer.added, refused: after.refused, leftOut })
      },
      onSettled: () => {
        adding.current = false
      },
    })
  }

  return {
    rows,
    touched,
    preview,
    /** How much of a file has gone up (0–1), while one is sent. */
    uploaded,
    recheck,
    remove,
    add,
    addReady,
    outcome,
    clearOutcome: () => setOutcome(null),
  }
}
