import { Group, NumberInput, Paper, Stack, Text } from '@mantine/core'
import { type FormEvent, useRef, useState } from 'react'
import { MAX_LINE_QUANTITY } from '../../../../domain/cart-rules'
import { BusyButton } from '../../../components/BusyButton'
import { PlusIcon } from '../../../components/icons/Icons'
import { ProductCodeField } from '../../../components/product/ProductCodeField'
import { useTranslation } from '../../../i18n/use-translation'
import { previewQuickOrder, useQuickOrderAdd } from '../../../lib/cart/quick-order-api'
import { quickOrderLineText } from '../../../lib/cart/quick-order-line'
import { describeError } from '../../../lib/error-message'
import { useSession } from '../../../lib/session-context'

type Outcome = { kind: 'added'; text: string } | { kind: 'problem'; messages: string[] }

/**
 * The cart's one-line entry: a code (with the catalogue's suggestions) and a quantity, Enter adds
 * them. The line is read as the quick order reads a pasted one (its default unit, or the unit whose
 * barcode was typed) and, when it is good, added; otherwise its problem is said under the entry and
 * what was typed stays. The outcome is in a polite live region.
 */
export function QuickAddLine() {
  const { t } = useTranslation()
  const { locale } = useSession()
  const add = useQuickOrderAdd()
  const [code, setCode] = useState('')
  const [quantity, setQuantity] = useState<number | string>(1)
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const codeField = useRef<HTMLInputElement>(null)
  const quantityField = useRef<HTMLInputElement>(null)

  const submit = async (event?: FormEvent) => {
    event?.preventDefault()
    if (busy) return
    const typed = code.trim()
    if (typed === '') {
      setOutcome({ kind: 'problem', messages: [t('quickOrder.entry.noCode')] })
      codeField.current?.focus()
      return
    }
    const amount = typeof quantity === 'number' ? Math.min(MAX_LINE_QUANTITY, Math.max(1, quantity)) : 1
    setBusy(true)
    setOutcome(null)
    try {
      const [line] = (await previewQuickOrder(quickOrderLineText(typed, amount, null))).lines
      if (line?.status !== 'ok' || !line.product || !line.unitId || !line.quantity) {
        const messages = line?.problems.map((p) => p.message) ?? []
        setOutcome({ kind: 'problem', messages: messages.length > 0 ? messages : [t('errors.generic')] })
        return
      }
      const answer = await add.mutateAsync([
        { productId: line.product.id, unitId: line.unitId, quantity: line.quantity },
      ])
      if (answer.added === 0) {
        setOutcome({ kind: 'problem', messages: answer.refused.map((r) => r.message) })
        return
      }
      const unit = line.product.units.find((u) => u.id === line.unitId)?.value ?? ''
      setOutcome({
        kind: 'added',
        text: t('quickOrder.entry.added', {
          code: line.product.code,
          name: line.product.name,
          quantity: line.quantity.toLocaleString(locale === 'en' ? 'en-US' : 'tr-TR'),
          unit,
        }),
      })
      // Ready for the next code.
      setCode('')
      setQuantity(1)
      codeField.current?.focus()
    } catch (error) {
      setOutcome({ kind: 'problem', messages: [describeError(error, t)] })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Paper withBorder p="sm" radius="md" data-testid="cart-quick-add">
      <form onSubmit={submit} aria-label={t('quickOrder.entry.title')}>
        <Stack gap={6}>
          <Group gap="sm" align="flex-end" wrap="wrap">
            <ProductCodeField
              ref={codeField}
              label={t('quickOrder.entry.code')}
              placeholder={t('quickOrder.entry.codePlaceholder')}
              value={code}
              onChange={(text) => {
                setCode(text)
                if (outcome?.kind === 'added') setOutcome(null)
              }}
              onPick={(item) => {
                setCode(item.code)
                quantityField.current?.focus()
                quantityField.current?.select()
              }}
              onSubmit={() => void submit()}
              miw={200}
              style={{ flex: '1 1 240px' }}
              data-testid="cart-quick-add-code"
            />
            <NumberInput
              ref={quantityField}
              label={t('quickOrder.entry.quantity')}
              w={100}
              min={1}
              max={MAX_LINE_QUANTITY}
              allowDecimal={false}
              allowNegative={false}
              hideControls
              value={quantity}
              onChange={setQuantity}
              styles={{ input: { textAlign: 'right' } }}
              data-testid="cart-quick-add-quantity"
            />
            <BusyButton
              type="submit"
              busy={busy}
              leftSection={<PlusIcon size={16} />}
              data-testid="cart-quick-add-submit"
            >
              {t('quickOrder.entry.submit')}
            </BusyButton>
          </Group>
          <div role="status" aria-live="polite" data-testid="cart-quick-add-outcome">
            {outcome?.kind === 'added' && (
              <Text size="sm" c="teal.9">
                {outcome.text}
              </Text>
            )}
            {outcome?.kind === 'problem' &&
              outcome.messages.map((message) => (
                <Text key={message} size="sm" c="red.8">
                  {message}
                </Text>
              ))}
          </div>
        </Stack>
      </form>
    </Paper>
  )
}
