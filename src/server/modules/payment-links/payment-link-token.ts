import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes (256 bits), base64url: 43 characters. Only its SHA-256 is stored. */
export const newPaymentLinkToken = () => randomBytes(32).toString('base64url')

export const paymentLinkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex')

/** The shape every token we make has; anything else is unknown without asking the database. */
export const isPaymentLinkTokenShape = (token: string) => /^[A-Za-z0-9_-]{43}$/.test(token)
