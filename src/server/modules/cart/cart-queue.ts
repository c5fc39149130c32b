import type { AddToCartResponse } from '../../../contracts/cart'
import { PerUserQueue } from './per-user-queue'

export type AddInput = { productId: number; unitId: number; quantity: number }

export type PendingAdd = {
  input: AddInput
  resolve: (answer: AddToCartResponse) => void
  reject: (error: unknown) => void
}

/**
 * One app's queue of cart changes: one user's changes run one after another (PerUserQueue), and adds
 * that arrive while the user's cart is busy wait together to run as one batch (see addToCart).
 */
export type CartQueue = { turns: PerUserQueue; waitingAdds: Map<number, PendingAdd[]> }

export function createCartQueue(): CartQueue {
  return { turns: new PerUserQueue(), waitingAdds: new Map() }
}
