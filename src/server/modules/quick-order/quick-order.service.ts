import type { Product } from '../../../contracts/catalog'
import type { Locale } from '../../../contracts/common'
import {
  QUICK_ORDER_MAX_FILE_BYTES,
  type QuickOrderAdded,
  type QuickOrderBody,
  type QuickOrderLine,
  type QuickOrderPreview,
  type QuickOrderProblemCode,
  type QuickOrderProduct,
} from '../../../contracts/quick-order'
import type { StoreSettings } from '../../../contracts/settings'
import { type AddRefusal, refuseAdd } from '../../../domain/cart-rules'
import { cellText } from '../../../domain/import-cells'
import {
  codeKey,
  isPieceWord,
  type ParsedLine,
  type ParseProblem,
  parseQuickOrder,
  pickUnit,
  piecesInUnit,
  QUICK_ORDER_MAX_LINES,
} from '../../../domain/quick-order'
import { isVariantParent } from '../../../domain/variant'
import { AppError } from '../../http/errors'
import { type MessageKey, type MessageParams, translate } from '../../http/messages'
import type { Dealer } from '../../identity'
import { readTable, TooManyRows, UnreadableTable } from '../../spreadsheets/table-reader'
import { addLinesToCart, type CartDeps, getCart } from '../cart/cart.service'
import { type CodedProduct, productsForCodes } from '../catalog/order-codes.service'
import { findRankedSuggestions, prepareSearch, type SearchIndex } from '../search/search.service'
import { loadStoreSettings } from '../store/store.service'
import { loadTranslations, localizeProduct } from '../translations/translations.service'

/**
 * The quick order: a pasted list read (domain/quick-order.ts), each line's product found by its code
 * and checked by the cart's rules as the cart would check it, then the good lines put in the cart in
 * one request (cart.service addLinesToCart).
 */

export type QuickOrderDeps = CartDeps & { searchIndex: SearchIndex }

/** Unknown codes answered with "did you mean" products; the rest are fixed by typing (autocomplete). */
const SUGGESTED_LINES_MAX = 25
const SUGGESTIONS_PER_LINE = 3

const PARSE_PROBLEMS: Record<ParseProblem, { code: QuickOrderProblemCode; key: MessageKey }> = {
  noCode: { code: 'no_code', key: 'quickOrder.noCode' },
  noQuantity: { code: 'no_quantity', key: 'quickOrder.noQuantity' },
  badQuantity: { code: 'bad_quantity', key: 'quickOrder.badQuantity' },
}

const REFUSALS: Record<AddRefusal['reason'], { code: QuickOrderProblemCode; key: MessageKey }> = {
  variantRequired: { code: 'variant_required', key: 'cart.variantRequired' },
  noPrice: { code: 'no_price', key: 'cart.noPrice' },
  stock: { code: 'over_stock', key: 'quickOrder.overStock' },
  lineFull: { code: 'bad_quantity', key: 'cart.lineFull' },
}

type Problem = QuickOrderLine['problems'][number]

/** POST /api/catalog/quick-order/preview */
export async function previewQuickOrder(
  deps: QuickOrderDeps,
  user: Dealer,
  text: string,
  locale: Locale,
): Promise<QuickOrderPreview> {
  const parsed = parseQuickOrder(text)
  if (parsed.length > QUICK_ORDER_MAX_LINES) {
    throw new AppError(
      'validation',
      'quickOrder.tooManyLines',
      { max: QUICK_ORDER_MAX_LINES, n: parsed.length },
      'too_many_lines',
    )
  }
  const typed = parsed.flatMap((l) => (l.code === null ? [] : [l.code]))
  const [found, settings, cart, translations] = [
    await productsForCodes(deps, user, typed),
    await loadStoreSettings(deps),
    await getCart(deps, user),
    await loadTranslations(deps, locale),
  ]
  // What the cart holds of each product, in base units: the lines are checked on top of it.
  const held = new Map<number, number>()
  for (const line of cart.items) {
    held.set(line.product.id, (held.get(line.product.id) ?? 0) + line.quantity * line.productUnit.multiplier)
  }
  const say = (key: MessageKey, params?: MessageParams) => translate(locale, key, params)
  const products = new Map([...found.values()].flat().map((c) => [c.product.id, c.product]))
  const lines = parsed.map((line) => {
    const resolved = resolveLine(line, found.get(codeKey(line.code ?? '')) ?? [], settings, held, say)
    const product = resolved.productId === undefined ? undefined : products.get(resolved.productId)
    return product ? { ...resolved, product: shown(localizeProduct(product, translations)) } : resolved
  })
  await suggestForUnknownCodes(deps, lines)
  return { lines }
}

/**
 * POST /api/catalog/quick-order/preview-file: a CSV or XLSX file's rows (the first sheet) read as
 * pasted lines, their cells joined by tabs as a spreadsheet's copy would give them.
 */
export async function previewQuickOrderFile(
  deps: QuickOrderDeps,
  user: Dealer,
  file: Uint8Array,
  locale: Locale,
): Promise<QuickOrderPreview> {
  if (file.byteLength > QUICK_ORDER_MAX_FILE_BYTES) {
    throw new AppError(
      'bad_request',
      'import.tooLarge',
      { mb: QUICK_ORDER_MAX_FILE_BYTES / 1024 / 1024 },
      'file_too_large',
    )
  }
  if (file.byteLength === 0) throw new AppError('bad_request', 'import.empty', undefined, 'file_empty')
  let table: Awaited<ReturnType<typeof readTable>>
  try {
    // The header row counts as a row here: a file of lines may have none.
    table = await readTable(Buffer.from(file.buffer, file.byteOffset, file.byteLength), QUICK_ORDER_MAX_LINES)
  } catch (err) {
    if (err instanceof TooManyRows) {
      throw new AppError(
        'validation',
        'quickOrder.tooManyLines',
        { max: QUICK_ORDER_MAX_LINES, n: `${QUICK_ORDER_MAX_LINES}+` },
        'too_many_lines',
      )
    }
    if (err instanceof UnreadableTable)
      throw new AppError('bad_request', 'import.unreadable', undefined, 'unreadable')
    throw err
  }
  const text = [table.headers, ...table.rows.map((row) => row.map(cellText))]
    .map((cells) => cells.join('\t'))
    .join('\n')
  return previewQuickOrder(deps, user, text, locale)
}

/** What a line shows of its product (contracts/quick-order.ts quickOrderProductSchema). */
const shown = (p: Product): QuickOrderProduct => ({
  id: p.id,
  name: p.name,
  code: p.code,
  url: p.url,
  image: p.image,
  quantity: p.quantity,
  stock: p.stock,
  units: p.units,
  defaultUnit: p.defaultUnit,
  salePrice: p.salePrice,
  listPrice: p.listPrice,
  taxRate: p.taxRate,
  currency: p.currency,
  stockNumberType: p.stockNumberType,
  varyantx: p.varyantx,
  parentId: p.parentId,
})

/** One line: its product, unit and quantity, and every problem that keeps it out of the cart. */
function resolveLine(
  line: ParsedLine,
  candidates: CodedProduct[],
  settings: StoreSettings,
  held: Map<number, number>,
  say: (key: MessageKey, params?: MessageParams) => string,
): QuickOrderLine {
  const problems: Problem[] = []
  const base = { line: line.line, input: line.input, typedCode: line.code }
  if (line.problem === 'noCode' || line.code === null) {
    return { ...base, status: 'problem', problems: [problem(PARSE_PROBLEMS.noCode, say)] }
  }
  if (line.problem) problems.push(problem(PARSE_PROBLEMS[line.problem], say))
  if (candidates.length === 0) {
    problems.unshift({ code: 'unknown_code', message: say('quickOrder.unknownCode', { code: line.code }) })
    return { ...base, status: 'problem', problems }
  }
  if (candidates.length > 1) {
    problems.unshift({
      code: 'ambiguous_code',
      message: say('quickOrder.ambiguousCode', { code: line.code }),
    })
    const suggestions = candidates.map((c) => ({
      productId: c.product.id,
      code: c.product.code,
      name: c.product.name,
    }))
    return { ...base, status: 'problem', problems, suggestions }
  }
  const found = candidates[0]!
  const { product } = found
  // The product itself is added by the caller, localized and cut to what a line shows.
  const at = { ...base, productId: product.id, code: product.code }
  if (!found.active) {
    problems.unshift({ code: 'not_orderable', message: say('quickOrder.notOrderable') })
    return { ...at, status: 'problem', problems }
  }
  let quantity = line.quantity
  let unit =
    line.unit === null && found.unitId !== null
      ? (product.units.find((u) => u.id === found.unitId) ?? null)
      : pickUnit(product.units, line.unit)
  if (!unit && line.unit !== null && isPieceWord(line.unit)) {
    // Pieces of a product sold by the box: a whole number of boxes is that many boxes.
    const inUnit = quantity === null ? null : piecesInUnit(product.units, quantity)
    if (inUnit?.whole) {
      unit = inUnit.unit
      quantity = inUnit.quantity
    } else if (inUnit) {
      problems.push({
        code: 'not_multiple',
        message: say('quickOrder.notMultiple', {
          unit: inUnit.unit.value,
          multiplier: inUnit.unit.multiplier,
          quantity: quantity!,
        }),
      })
      unit = inUnit.unit
      quantity = inUnit.quantity
    }
  }
  if (!unit) {
    problems.push({ code: 'unknown_unit', message: say('quickOrder.unknownUnit', { unit: line.unit ?? '' }) })
    return { ...at, status: 'problem', problems, ...(quantity === null ? {} : { quantity }) }
  }
  const placed = { ...at, unitId: unit.id, ...(quantity === null ? {} : { quantity }) }
  if (quantity === null || problems.length > 0) return { ...placed, status: 'problem', problems }
  const inCart = held.get(product.id) ?? 0
  const refusal = refuseAdd({
    isVariantParent: isVariantParent(found),
    salePrice: found.salePrice,
    multiplier: unit.multiplier,
    requested: quantity,
    stock: found.stock,
    stockInfoStatus: settings.stockInfoStatus,
    inCartBaseUnits: inCart,
    cartStockControl: settings.cartStockControl,
  })
  if (refusal) {
    const params: MessageParams | undefined =
      refusal.reason === 'stock'
        ? { n: quantity }
        : refusal.reason === 'lineFull'
          ? { max: refusal.max }
          : undefined
    problems.push(problem(REFUSALS[refusal.reason], say, params))
    return { ...placed, status: 'problem', problems }
  }
  // The lines after this one are checked with what this one puts in.
  held.set(product.id, inCart + quantity * unit.multiplier)
  return { ...placed, status: 'ok', problems }
}

const problem = (
  what: { code: QuickOrderProblemCode; key: MessageKey },
  say: (key: MessageKey, params?: MessageParams) => string,
  params?: MessageParams,
): Problem => ({ code: what.code, message: say(what.key, params) })

/** "Did you mean": the search's nearest products for the first unknown codes. */
async function suggestForUnknownCodes(deps: QuickOrderDeps, lines: QuickOrderLine[]) {
  const unknown = lines.filter((l) => l.problems[0]?.code === 'unknown_code' && l.typedCode)
  for (const line of unknown.slice(0, SUGGESTED_LINES_MAX)) {
    const search = await prepareSearch(
      deps.searchIndex,
      deps.db,
      line.typedCode!,
      await deps.caches.clock(deps.db),
    )
    line.suggestions = findRankedSuggestions(search, SUGGESTIONS_PER_LINE).map((s) => ({
      productId: s.id,
      code: s.code,
      name: s.name,
    }))
  }
}

/** POST /api/catalog/quick-order: the lines into the cart; a refused one says why, in the user's language. */
export async function placeQuickOrder(
  deps: CartDeps,
  user: Dealer,
  body: QuickOrderBody,
  locale: Locale,
): Promise<QuickOrderAdded> {
  const { added, refused } = await addLinesToCart(deps, user, body.lines)
  return {
    added,
    refused: refused.map(({ index, error }) => ({
      productId: body.lines[index]!.productId,
      message: translate(locale, error.messageKey, error.params),
    })),
  }
}
