import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import type { ProductDetail } from '../../../../contracts/catalog'
import { localePath } from '../../../lib/locale-path'
import { useSession } from '../../../lib/session-context'
import { prefetchProduct } from '../api/product-api'
import { chooseVariant, initialSelection, matchingChild, type VariantSelection } from '../variant-options'

/** The spec's delay before a chosen variant replaces what the page shows (spec/1 §9). */
export const VARIANT_DELAY_MS = 2500

/**
 * The variant choice of a product page. When the choice names a child, the page is busy for 2.5 s while
 * the child loads; then the address becomes the child's (replacing this entry), and the page shows the
 * child's code, prices, stock and units.
 */
export function useVariantSwitch(product: ProductDetail) {
  const { locale } = useSession()
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const navigateRef = useRef(navigate)
  navigateRef.current = navigate
  const [selection, setSelection] = useState<VariantSelection>(() => initialSelection(product))
  const [pendingId, setPendingId] = useState<number | null>(null)
  const [failed, setFailed] = useState(false)

  useEffect(() => {
    if (pendingId === null) return
    let cancelled = false
    let elapsed = false
    let child: ProductDetail | null = null
    const finish = () => {
      if (!cancelled && elapsed && child)
        navigateRef.current(localePath(child.url, locale), { replace: true })
    }
    const timer = setTimeout(() => {
      elapsed = true
      finish()
    }, VARIANT_DELAY_MS)
    prefetchProduct(queryClient, pendingId).then(
      (loaded) => {
        child = loaded
        finish()
      },
      (error: unknown) => {
        if (cancelled) return
        console.error('The chosen variant could not be loaded', error)
        setFailed(true)
        setPendingId(null)
      },
    )
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [pendingId, queryClient, locale])

  const choose = (dimension: number, value: string | null) => {
    if (!product.varyantx) return
    const next = chooseVariant(product.varyantx, selection, dimension, value)
    setSelection(next)
    setFailed(false)
    const child = matchingChild(product.varyantx, next)
    setPendingId(child && child.id !== product.id ? child.id : null)
  }

  return { selection, choose, busy: pendingId !== null, failed }
}
