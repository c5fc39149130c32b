import type { AddToCartResponse } from '../../../contracts/cart'
import { PerUserQueue } from './per-user-queue'

export type AddInput = { productId: number; unitId: number; quantity: number }

export type PendingAdd = {
  input: AddInput
  resolve: (answer: AddToCartResponse) => void
  reject: (error: unknown) => void
}

/**
 * Tells whoever listens (the live staff screens) that a dealer's cart changed. Notified after the
 * commit, never inside the transaction: before it, a reader would still see the old cart.
 */
export class CartChanges {
  private readonly listeners = new Set<() => void>()

  /** Calls `listener` on every notify until the returned function is called. */
  listen(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  notify(): void {
    for (const listener of this.listeners) listener()
  }
}

/**
 * One app's queue of cart changes: one user's changes run one after another (PerUserQueue), and adds
 * that arrive while the user's cart is busy wait together to run as one batch (see addToCart).
 * `committed` hears of every change once it is committed.
 */
export type CartQueue = {
  turns: PerUserQueue
  waitingAdds: Map<number, PendingAdd[]>
  committed: CartChanges
}

export function createCartQueue(): CartQueue {
  return { turns: new PerUserQueue(), waitingAdds: new Map(), committed: new CartChanges() }
}
