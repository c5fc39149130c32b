import { createContext, useContext } from 'react'

export interface WarrantyInquiry {
  /**
   * Opens the warranty inquiry (spec/2 §2: "a global hook opens it"); a guest is sent to log in first
   * and comes back to it. `returnFocusTo`: what gets the focus when it closes, when that is not the
   * control just used (a menu item that closes with its menu); by default the focused element.
   */
  openWarrantyInquiry: (returnFocusTo?: HTMLElement | null) => void
}

export const WarrantyInquiryContext = createContext<WarrantyInquiry | null>(null)

/**
 * The warranty inquiry's opener, for any screen under the app layout (features/warranty provides it);
 * null outside it, where a control that opens it is left out.
 */
export function useWarrantyInquiry(): WarrantyInquiry | null {
  return useContext(WarrantyInquiryContext)
}
