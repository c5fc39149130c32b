import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Loader,
  NativeSelect,
  NumberInput,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core'
import IconPencil from '@tabler/icons-react/dist/esm/icons/IconPencil.mjs'
import {
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from 'react'
import { Link } from 'react-router'
import { MAX_LINE_QUANTITY } from '../../../../domain/cart-rules'
import { formatMoney } from '../../../../domain/money-format'
import { AlertIcon, CheckIcon, decorative, TrashIcon } from '../../../components/icons/Icons'
import { ProductCodeField } from '../../../components/product/ProductCodeField'
import { defaultUnitName } from '../../../components/product/product-fields'
import { StockInfo } from '../../../components/product/StockInfo'
import { useTranslation } from '../../../i18n/use-translation'
import { useLocalePath, useSession } from '../../../lib/session-context'
import {
  codeOf,
  isReady,
  type LineEdit,
  linePrices,
  quantityOf,
  type Row,
  unitIdOf,
} from '../quick-order-rows'

const PencilIcon = decorative(IconPencil)

/** What a line's parts are given: the row, and the page's calls to fix or take it out. */
export interface LinePartProps {
  row: Row
  onEdit: (key: number, edit: LineEdit) => void
}

/**
 * Where the focus goes back to when a fix took away the control that had it (a suggestion button, the
 * code field of a line now found): the line's quantity field, so the keyboard stays on the same line.
 * `onFocus`/`onBlur` go on the line's element(s); `quantity` on its quantity field.
 */
export function useLineFocus(row: Row) {
  const quantity = useRef<HTMLInputElement>(null)
  const holds = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server's answer replaced the line
  useEffect(() => {
    const active = document.activeElement
    if (holds.current && (!active || active === document.body)) quantity.current?.focus()
  }, [row.answer])
  return {
    quantity,
    onFocus: () => {
      holds.current = true
    },
    onBlur: (event: FocusEvent) => {
      // Only a move elsewhere: a control taken off the page leaves no element to go to.
      const to = event.relatedTarget
      if (to instanceof Node && !event.currentTarget.contains(to)) holds.current = false
    },
  }
}

/** The line's number with its state: ready, checking, or with a problem. */
export function LineStatus({ row }: { row: Row }) {
  const { t } = useTranslation()
  const state = row.checking !== null ? 'checking' : isReady(row) ? 'ready' : 'problem'
  return (
    <Group gap={6} wrap="nowrap" data-testid="line-status" data-state={state}>
      {state === 'checking' ? (
        <Loader size={16} aria-hidden="true" />
      ) : state === 'ready' ? (
        <CheckIcon size={18} color="var(--mantine-color-teal-8)" />
      ) : (
        <AlertIcon size={18} color="var(--mantine-color-red-8)" />
      )}
      <Text size="sm" fw={600} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {row.line}
      </Text>
      <VisuallyHidden>{t(`quickOrder.line.${state}`)}</VisuallyHidden>
    </Group>
  )
}

/** The line as pasted, in the type it was written in. */
export function PastedText({ row }: { row: Row }) {
  return (
    <Text
      size="xs"
      ff="monospace"
      c="gray.7"
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      data-testid="line-pasted"
    >
      {row.pasted.replaceAll('\t', '  ')}
    </Text>
  )
}

/**
 * The product found (code, name linked to its page, stock as the catalogue shows it), with a button to
 * name another; or, when none was found, a code field with the catalogue's suggestions.
 */
export function ProductPart({ row, onEdit }: LinePartProps) {
  const { t } = useTranslation()
  const localePath = useLocalePath()
  const product = row.answer.product
  const [editing, setEditing] = useState(false)
  const changeButton = useRef<HTMLButtonElement>(null)
  // A new answer ends the change: the line shows what the code found.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server answered the line
  useEffect(() => setEditing(false), [row.answer])

  if (product && !editing) {
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="line-code">
            {product.code}
          </Text>
          <Anchor
            component={Link}
            to={localePath(product.url)}
            size="sm"
            style={{ overflowWrap: 'anywhere' }}
            data-testid="line-product"
          >
            {product.name}
          </Anchor>
          <StockInfo product={product} unit={defaultUnitName(product)} form="list" size="xs" />
        </Stack>
        {/* A native tooltip: one Mantine Tooltip per line cost a page of 100 lines a fifth of its drawing. */}
        <ActionIcon
          ref={changeButton}
          variant="subtle"
          color="gray"
          onClick={() => setEditing(true)}
          aria-label={t('quickOrder.line.change', { line: row.line })}
          title={t('quickOrder.line.change', { line: row.line })}
        >
          <PencilIcon size={16} />
        </ActionIcon>
      </Group>
    )
  }
  return (
    <CodeField
      row={row}
      onEdit={onEdit}
      autoFocus={editing}
      onCancel={
        editing
          ? () => {
              setEditing(false)
              // The field goes: the focus back to the button that opened it, once it is drawn again.
              setTimeout(() => changeButton.current?.focus(), 0)
            }
          : undefined
      }
    />
  )
}

function CodeField({
  row,
  onEdit,
  autoFocus,
  onCancel,
}: LinePartProps & { autoFocus: boolean; onCancel: (() => void) | undefined }) {
  const { t } = useTranslation()
  const [text, setText] = useState(codeOf(row))
  const input = useRef<HTMLInputElement>(null)
  useLayoutEffect(() => {
    if (autoFocus) input.current?.select()
  }, [autoFocus])
  const submit = (code: string) => {
    if (code.trim() !== '') onEdit(row.key, { code })
  }
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape with the suggestions closed leaves the change as it was.
    if (event.key === 'Escape' && onCancel && input.current?.getAttribute('aria-expanded') !== 'true') {
      event.preventDefault()
      onCancel()
    }
  }
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: listens for the field's Escape only
    <div onKeyDown={onKeyDown}>
      <ProductCodeField
        ref={input}
        aria-label={t('quickOrder.line.codeFor', { line: row.line })}
        placeholder={t('quickOrder.line.codePlaceholder')}
        size="sm"
        miw={180}
        value={text}
        onChange={setText}
        onSubmit={() => submit(text)}
        onPick={(item) => {
          setText(item.code)
          submit(item.code)
        }}
        data-testid="line-code-field"
      />
    </div>
  )
}

/** A card (the phone's line) names its fields above them; a table's columns name them there. */
type FieldLook = { labelled?: boolean }

/** The product's units to choose from ('Koli (12)'); one not found in the pasted line is asked for. */
export function UnitPart({ row, onEdit, labelled = false }: LinePartProps & FieldLook) {
  const { t } = useTranslation()
  const units = row.answer.product?.units ?? []
  const unitId = unitIdOf(row)
  if (units.length === 0) return labelled ? null : <Text size="sm">—</Text>
  const label = (unit: { value: string; multiplier: number }) =>
    t('cart.unitOption', { unit: unit.value, multiplier: unit.multiplier })
  return (
    <NativeSelect
      size="sm"
      miw={110}
      label={labelled ? t('quickOrder.columns.unit') : undefined}
      value={unitId === null ? '' : String(unitId)}
      onChange={(event) => {
        const id = Number(event.currentTarget.value)
        if (id && id !== unitId) onEdit(row.key, { unitId: id })
      }}
      data={[
        ...(unitId === null ? [{ value: '', label: t('quickOrder.line.chooseUnit'), disabled: true }] : []),
        ...units.map((u) => ({ value: String(u.id), label: label(u) })),
      ]}
      aria-label={t('quickOrder.line.unitFor', { line: row.line })}
      error={unitId === null}
      data-testid="line-unit"
    />
  )
}

/** The quantity, checked again once typed (Enter or leaving the field), a whole number 1–100,000. */
export function QuantityPart({
  row,
  onEdit,
  inputRef,
  labelled = false,
}: LinePartProps & FieldLook & { inputRef: RefObject<HTMLInputElement | null> }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const quantity = quantityOf(row)
  const [draft, setDraft] = useState<number | string | null>(null)
  const sent = useRef<number | null>(null)
  // The answer to what was typed: the field shows the answer again, unless more was typed since.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the server answered the line
  useEffect(() => {
    setDraft((typed) => (typed === sent.current ? null : typed))
  }, [row.answer])
  const commit = () => {
    // An emptied field keeps the quantity it had.
    if (typeof draft !== 'number') {
      if (draft !== null) setDraft(null)
      return
    }
    const next = Math.min(MAX_LINE_QUANTITY, Math.max(1, Math.round(draft)))
    if (next === quantity) {
      setDraft(null)
      return
    }
    sent.current = next
    setDraft(next)
    onEdit(row.key, { quantity: next })
  }
  return (
    <NumberInput
      ref={inputRef}
      size="sm"
      w={96}
      label={labelled ? t('quickOrder.columns.quantity') : undefined}
      min={1}
      max={MAX_LINE_QUANTITY}
      allowDecimal={false}
      allowNegative={false}
      thousandSeparator={locale === 'en' ? ',' : '.'}
      decimalSeparator={locale === 'en' ? '.' : ','}
      hideControls
      value={draft ?? quantity ?? ''}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault()
          commit()
        }
      }}
      aria-label={t('quickOrder.line.quantityFor', { line: row.line })}
      error={quantity === null && draft === null}
      styles={{ input: { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } }}
      data-testid="line-quantity"
    />
  )
}

/** The unit price of the chosen unit, or the line's amount; 'Fiyat Sorunuz' for a product without one. */
export function PricePart({ row, value }: { row: Row; value: 'unitPrice' | 'amount' }) {
  const { t } = useTranslation()
  const { locale } = useSession()
  const prices = linePrices(row)
  const money = prices[value]
  if (money) return <>{formatMoney(money, locale)}</>
  if (value === 'unitPrice' && prices.unitPrice) {
    return (
      <Text span size="sm" c="orange.9">
        {t('addToCart.askPrice')}
      </Text>
    )
  }
  return <>—</>
}

/**
 * What keeps the line out of the cart, in red, with what fixes it: the products an unknown code may
 * have meant or an ambiguous one names (a click checks the line again with that product), a retry of
 * a check that got no answer, the cart's reason for refusing it at the last add.
 */
export function LineProblems({ row, onEdit }: LinePartProps) {
  const { t } = useTranslation()
  const problems = row.checking === null ? row.answer.problems : []
  const suggestions = row.checking === null && !row.answer.product ? (row.answer.suggestions ?? []) : []
  const ambiguous = row.answer.problems.some((p) => p.code === 'ambiguous_code')
  if (problems.length === 0 && !row.failed && !row.refused && suggestions.length === 0) return null
  return (
    <Stack gap={6} data-testid="line-problems">
      {problems.map((problem) => (
        <Text key={problem.code} size="sm" c="red.8" data-problem={problem.code}>
          {problem.message}
        </Text>
      ))}
      {row.refused && (
        <Text size="sm" c="red.8" data-testid="line-refused">
          {t('quickOrder.line.refused', { message: row.refused })}
        </Text>
      )}
      {row.failed && (
        <Group gap="xs">
          <Text size="sm" c="red.8" data-testid="line-failed">
            {t('quickOrder.line.failed', { message: row.failed })}
          </Text>
          <Button size="compact-sm" variant="light" onClick={() => onEdit(row.key, {})}>
            {t('quickOrder.line.retry')}
          </Button>
        </Group>
      )}
      {suggestions.length > 0 && (
        <Group
          gap="xs"
          role="group"
          aria-label={t(ambiguous ? 'quickOrder.line.candidatesFor' : 'quickOrder.line.suggestionsFor', {
            line: row.line,
          })}
          data-testid="line-suggestions"
        >
          <Text size="sm" c="gray.8">
            {t(ambiguous ? 'quickOrder.line.candidates' : 'quickOrder.line.didYouMean')}
          </Text>
          {suggestions.map((s) => (
            <Button
              key={s.productId}
              size="compact-sm"
              variant="light"
              onClick={() => onEdit(row.key, { code: s.code })}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'left', lineHeight: 1.35 } }}
              h="auto"
              py={4}
            >
              {s.code} · {s.name}
            </Button>
          ))}
        </Group>
      )}
    </Stack>
  )
}

/** Takes the line out of the table. */
export function RemovePart({ row, onRemove }: { row: Row; onRemove: (key: number) => void }) {
  const { t } = useTranslation()
  return (
    <ActionIcon
      variant="subtle"
      color="red"
      size="lg"
      onClick={() => onRemove(row.key)}
      aria-label={t('quickOrder.line.remove', { line: row.line })}
      data-remove-line={row.key}
    >
      <TrashIcon size={18} />
    </ActionIcon>
  )
}
